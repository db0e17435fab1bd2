/** The clerk of `npm run bench:clerk`: one of Graz, whose five-odd markets are among Austria's 6,000. */
export const CLERK = { email: 'marktamt@graz.example', password: 'Grazer-Markt-2027', gkz: '60101' };
