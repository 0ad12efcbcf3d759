import { ISO_CURRENCIES, moneyTokens } from "../numbers";
import type { Doc } from "./text";

/**
 * The currency a document is written in: an ISO code or a currency's name when one is printed,
 * else the symbol next to its amounts read with the issuer's country ("$" is USD in the United
 * States, SGD in Singapore; "CFA" is XOF in Dakar, XAF in Douala). A document with no code,
 * name or symbol has no currency: the country alone does not say how it is priced.
 */

// prettier-ignore
const DOLLAR: Record<string, string> = { US: "USD", CA: "CAD", AU: "AUD", NZ: "NZD", SG: "SGD", HK: "HKD", MX: "MXN", AR: "ARS", CL: "CLP", CO: "COP", TW: "TWD" };
const CFA_CENTRAL = new Set(["CM", "GA", "CG", "TD", "CF", "GQ"]);
const DINAR: Record<string, string> = { DZ: "DZD", TN: "TND", KW: "KWD", BH: "BHD", JO: "JOD", IQ: "IQD", LY: "LYD", RS: "RSD" };
const RUPEE: Record<string, string> = { IN: "INR", PK: "PKR", LK: "LKR", NP: "NPR", MU: "MUR" };
const KRONE: Record<string, string> = { SE: "SEK", NO: "NOK", DK: "DKK", IS: "ISK" };

/** Currency names people write out ("deux mille dinars", "US Dollars", "Rupees Two Thousand"). */
const NAMES: [RegExp, (country?: string) => string][] = [
  [/\beuros?\b/, () => "EUR"],
  [/\b(us|u\.s\.|american) dollars?\b/, () => "USD"],
  [/\b(singapore|s) dollars?\b/, () => "SGD"],
  [/\b(canadian) dollars?\b/, () => "CAD"],
  [/\b(australian) dollars?\b/, () => "AUD"],
  [/(?<!\b(?:us|u\.s\.|american|singapore|s|canadian|australian) )\bdollars?\b/, (c) => DOLLAR[c ?? ""] ?? "USD"],
  [/\b(rupees?|roupies?|rupias?)\b/, (c) => RUPEE[c ?? ""] ?? "INR"],
  [/\brupiah\b/, () => "IDR"],
  [/\b(pounds? sterling|livres? sterling|british pounds?)\b/, () => "GBP"],
  [/\b(francs? cfa|fcfa|f cfa)\b/, (c) => (CFA_CENTRAL.has(c ?? "") ? "XAF" : "XOF")],
  [/\b(francs? suisses?|swiss francs?|schweizer franken)\b/, () => "CHF"],
  [/\bdinars?\b/, (c) => DINAR[c ?? ""] ?? "DZD"],
  [/\bdirhams?\b/, (c) => (c === "AE" ? "AED" : "MAD")],
  [/\brand\b(?! ?[a-z]{3,})/, () => "ZAR"],
  [/\bnaira\b/, () => "NGN"],
  [/\bringgit\b/, () => "MYR"],
  [/\b(yen)\b/, () => "JPY"],
  [/\b(yuan|renminbi)\b/, () => "CNY"],
  [/\breais\b/, () => "BRL"],
  [/\b(kronor|kroner|kronen)\b/, (c) => KRONE[c ?? ""] ?? "SEK"],
  [/\bzloty|zlotych\b/, () => "PLN"],
  [/\bbaht\b/, () => "THB"],
  [/\bshillings?\b/, (c) => (c === "UG" ? "UGX" : c === "TZ" ? "TZS" : "KES")],
];

/** The symbol (or short form) written next to an amount, as a currency. */
/**
 * `english`: the document is written in English, where a bare "$" with no country is read as
 * the US dollar; in other languages it is a peso or another dollar, so it says nothing alone.
 */
function fromSymbol(mark: string, country: string | undefined, english = true): string | undefined {
  const m = mark.replace(/\s+/g, "");
  if (m === "€" || /^e$/.test(m)) return "EUR";
  if (m === "£") return "GBP";
  if (m === "₹" || /^rs\.?$/i.test(m)) return m === "₹" ? "INR" : (RUPEE[country ?? ""] ?? "INR");
  if (m === "¥") return country === "CN" ? "CNY" : "JPY";
  if (m === "R$") return "BRL";
  if (/^S\/\.?$/.test(m)) return "PEN";
  if (/^US\$$/.test(m)) return "USD";
  if (/^(S\$)$/.test(m)) return "SGD";
  if (/^(C\$)$/.test(m)) return "CAD";
  if (/^(A\$)$/.test(m)) return "AUD";
  if (/^(HK\$)$/.test(m)) return "HKD";
  if (/^(NZ\$)$/.test(m)) return "NZD";
  if (m === "$") return DOLLAR[country ?? ""] ?? (country || english ? "USD" : undefined);
  if (/^rp\.?$/i.test(m)) return "IDR";
  if (m === "RM") return "MYR";
  // East African shillings: "KSh 1,500", "Kshs. 1,500", "USh", "TSh"
  if (/^k(sh|shs)\.?$/i.test(m)) return "KES";
  if (/^ush$/i.test(m)) return "UGX";
  if (/^tsh$/i.test(m)) return "TZS";
  if (m === "GH₵" || (m === "₵" && country === "GH")) return "GHS";
  if (/^kr\.?$/.test(m)) return KRONE[country ?? ""] ?? "SEK";
  if (/^(fr\.|sfr\.?)$/i.test(m)) return "CHF";
  if (m === "zł") return "PLN";
  if (/^f?cfa$/i.test(m)) return CFA_CENTRAL.has(country ?? "") ? "XAF" : "XOF";
  if (/^dhs?$/i.test(m)) return country === "AE" ? "AED" : "MAD";
  const symbols: Record<string, string> = {
    "₩": "KRW",
    "₦": "NGN",
    "₱": "PHP",
    "฿": "THB",
    "₫": "VND",
    "₺": "TRY",
    "₽": "RUB",
    "₴": "UAH",
    "₪": "ILS",
  };
  return symbols[m];
}

const CODES = new RegExp(`(?<![A-Za-z])(${ISO_CURRENCIES.join("|")})(?![A-Za-z])`, "g");
const LABELLED = /\b(currency|devise|wahrung|moneda|divisa|valuta|moeda|mata uang)\s*[:-]?\s*(?:[a-z ]+\()?\s*([a-z]{3})\b/;

export function detectCurrency(doc: Doc, country: string | undefined, english = true): string | null {
  const votes = new Map<string, number>();
  const vote = (code: string | undefined, weight: number) => {
    if (code) votes.set(code, (votes.get(code) ?? 0) + weight);
  };
  const labelled = LABELLED.exec(doc.key)?.[2]?.toUpperCase();
  if (labelled && (ISO_CURRENCIES as readonly string[]).includes(labelled)) return labelled === "RMB" ? "CNY" : labelled;
  for (const m of doc.text.matchAll(CODES)) vote(m[1] === "RMB" ? "CNY" : m[1], 2);
  for (const [pattern, code] of NAMES) {
    const hits = doc.key.match(new RegExp(pattern, "g"))?.length ?? 0;
    if (hits > 0) vote(code(country), 2 * hits);
  }
  // a TeX euro sign read as the letter "e" counts only when it follows several amounts
  let texEuros = 0;
  for (const row of doc.rows) {
    for (const token of moneyTokens(row.text, doc.style)) {
      if (!token.currency) continue;
      const mark = token.text.replace(/[\d.,'’\s()-]/g, "");
      if ((ISO_CURRENCIES as readonly string[]).includes(mark)) continue;
      if (mark === "e") texEuros++;
      else vote(fromSymbol(mark, country, english), 1);
    }
  }
  if (texEuros >= 2) vote("EUR", texEuros);
  // a symbol in a column title or a totals label ("Einzelpreis €", "Total € incl. tax", "Montant (€)", "Harga (Rp)")
  for (const row of doc.rows)
    for (const cell of row.cells) {
      if (/\d/.test(cell.text) || cell.text.length > 60) continue;
      const symbol = /(?:^|[\s(/])([€£₹¥₩₦₱฿₫₺₽]|Rp\.?|RM|R\$|S\$|US\$)(?:$|[\s)/])/u.exec(cell.text)?.[1];
      if (symbol) vote(fromSymbol(symbol, country, english), 1);
    }
  let best: string | null = null;
  let max = 0;
  for (const [code, weight] of votes)
    if (weight > max) {
      best = code;
      max = weight;
    }
  return best;
}
