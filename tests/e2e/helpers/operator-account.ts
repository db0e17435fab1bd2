/** The provider's operator of the end-to-end portal (tests/e2e/seed-operator.ts makes it). */
export const OPERATOR = { email: 'betrieb@marktverzeichnis.example', password: 'Betrieb-Passwort-2027', gkz: '90001' };
