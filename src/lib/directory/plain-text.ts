/** Lower case, without accents, ß as ss: "Gößnitz" is found by "gossnitz" and by "Gößnitz". */
export function plainText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
}
