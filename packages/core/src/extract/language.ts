/**
 * Which of the supported languages a text is written in, from its most frequent short words and
 * the labels of business documents. Used to choose OCR's language data per document (English
 * data misreads accents and common words of other languages) and available to anything else
 * that must know a document's language.
 */

export const LANGUAGES = ["en", "fr", "de", "es", "nl", "it", "pt", "id"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Tesseract's name for each language's data (the @tesseract.js-data/<name> packages). */
export const TESSERACT_LANGUAGE: Record<Language, string> = {
  en: "eng",
  fr: "fra",
  de: "deu",
  es: "spa",
  nl: "nld",
  it: "ita",
  pt: "por",
  id: "ind",
};

// Function words and document labels that are common in one language and rare in the others.
// Words shared by two languages ("de", "la", "in", "van"...) count for both, which is harmless:
// the scores are compared, and the other words decide.
const WORDS: Record<Language, string> = {
  en: `the and of to for with from this that is are be by on at as or your our you we not all will has have
    quote quotation invoice estimate total subtotal amount date due bill ship terms description quantity qty price unit
    payment tax number customer thank please item items balance paid`,
  fr: `le la les des du de un une et est pour par sur avec dans au aux ce cette vous nous votre notre pas sont
    devis facture date montant total tva ht ttc prix quantité désignation réf numéro client échéance règlement net payer
    remise acompte livraison adresse conditions merci euros`,
  de: `der die das und ist mit für von zu den dem des ein eine im auf bei nicht sie wir ihr ihre unser bitte
    angebot rechnung datum betrag gesamt summe netto brutto mwst ust menge preis einzelpreis gesamtpreis stück pos
    beschreibung kunde kundennummer zahlbar zahlung lieferung steuer bis vielen dank`,
  es: `el la los las de del y en por para con un una es que se su sus nuestro nuestra al lo
    presupuesto factura cotización fecha importe total iva subtotal cantidad precio unitario descripción cliente
    pago envío número gracias base imponible`,
  nl: `de het een en van voor met op te is zijn aan bij uw ons onze wij niet door naar tot
    offerte factuur begroting datum bedrag totaal btw excl incl aantal prijs omschrijving klant betaling
    levering bedankt graag`,
  it: `il lo la gli le di del della dei e è per con un una che in al alla sono non nostro vostro
    preventivo fattura data importo totale iva imponibile quantità prezzo descrizione cliente pagamento consegna
    grazie offerta`,
  pt: `o a os as de do da dos das e em para com um uma que no na por ao não é seu sua nosso nossa
    orçamento fatura proposta data valor total iva quantidade preço descrição cliente pagamento entrega obrigado
    número`,
  id: `dan yang di ke dari untuk dengan ini itu pada adalah atau tidak kami anda akan oleh
    penawaran faktur tagihan harga tanggal jumlah jumlahnya total pajak ppn barang keterangan satuan pelanggan
    pembayaran terima kasih nomor`,
};

const LEXICON = new Map<string, Language[]>();
for (const language of LANGUAGES) {
  for (const word of WORDS[language].split(/\s+/).filter(Boolean)) {
    const known = LEXICON.get(word) ?? [];
    if (!known.includes(language)) known.push(language);
    LEXICON.set(word, known);
  }
}

// Letters that only some of the languages use
const LETTERS: [RegExp, Language[]][] = [
  [/[ßäöü]/g, ["de"]],
  [/[çèêëœàâîïôûù]/g, ["fr"]],
  [/[ñ¿¡]/g, ["es"]],
  [/[ãõ]/g, ["pt"]],
  [/[ìòù]/g, ["it"]],
];

/**
 * How strongly `text` looks like each language: the share of its words that are typical of
 * that language, plus a little for letters only that language uses. Scores are comparable
 * with each other, not probabilities.
 */
export function scoreLanguages(text: string): Record<Language, number> {
  const scores = Object.fromEntries(LANGUAGES.map((l) => [l, 0])) as Record<Language, number>;
  const lower = text.toLowerCase();
  const words = lower.match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return scores;
  for (const word of words) {
    for (const language of LEXICON.get(word) ?? []) scores[language] += 1 / (LEXICON.get(word)!.length * words.length);
  }
  for (const [pattern, languages] of LETTERS) {
    const count = lower.match(pattern)?.length ?? 0;
    for (const language of languages) scores[language] += Math.min(0.1, count / (4 * words.length));
  }
  return scores;
}

/**
 * The language of `text` when the evidence is clear (at least `minWords` words, and the best
 * score well ahead of the second), else undefined.
 */
export function detectLanguage(text: string, minWords = 8): Language | undefined {
  const words = text.match(/\p{L}+/gu)?.length ?? 0;
  if (words < minWords) return undefined;
  const ranked = Object.entries(scoreLanguages(text)).sort((a, b) => b[1] - a[1]) as [Language, number][];
  const [best, second] = ranked;
  if (!best || best[1] < 0.05) return undefined;
  if (second && best[1] < 1.3 * second[1]) return undefined;
  return best[0];
}
