/** The clerk of `npm run bench:clerk`: one of Graz, whose five-odd markets are among Austria's 6,000. */
export const CLERK = { email: 'marktamt@graz.example', password: 'Grazer-Markt-2027', gkz: '60101' };

/** The provider's operator of `npm run bench:clerk` (issue 55: the console at Austria scale). */
export const OPERATOR = { email: 'betrieb@portal.example', password: 'Betrieb-Portal-2027', gkz: '90001' };
