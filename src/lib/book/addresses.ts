import { localizedPath, type Locale } from '../languages.ts';

/**
 * Issue 55: the short address of a municipality's live page, printed with a QR code under its
 * heading in the book; the portal sends it on to the page (its address follows the names, which
 * can change: the short one stays).
 */
export function municipalityShortAddress(gkz: string, locale: Locale, baseUrl = ''): string {
  return baseUrl + localizedPath(`/g/${gkz}`, locale);
}

/** An edition's id: its year and its number in the year ("2027-1"). */
export const EDITION_ID = /^\d{4}-\d{1,4}$/;

/** An edition's page "Änderungen seit Drucklegung", the QR code on the book's cover leads there. */
export function editionAddress(id: string, locale: Locale, baseUrl = ''): string {
  return baseUrl + localizedPath(`/buch/${id}`, locale);
}

/** An address as the book prints it beside its QR code: without the scheme nobody types. */
export function printedAddress(address: string): string {
  return address.replace(/^https?:\/\//, '');
}
