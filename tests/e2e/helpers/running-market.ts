/** Issue 53: the clerk of Bregenz and their Advent market running today (tests/e2e/seed-portal.ts makes them). */
export const RUNNING = {
  email: 'marktamt@bregenz.example',
  password: 'Bregenz-Passwort-2027',
  gkz: '80207',
  title: 'Bregenzer Adventmarkt',
};
