import { findLabels, readNear } from "./fields";
import { clean, type Doc } from "./text";

/** Payment terms as written: a labelled line ("Payment terms:", "Conditions de paiement", "Zahlungsbedingungen"...) or "Net 30". */

const LABEL =
  /(payment terms|terms of payment|terms|conditions de (paiement|reglement)|modalites de paiement|zahlungsbedingung(en)?|zahlungsziel|condiciones de pago|terminos de pago|forma de pago|betalingsvoorwaarden|betalingstermijn|condizioni di pagamento|termini di pagamento|condicoes de pagamento|syarat pembayaran|ketentuan pembayaran)\s*:?/;
const NET = /\b(net\s?\d{1,3}(\s+days)?|due\s+on\s+receipt|cash\s+on\s+delivery|\d{1,3}%\s+(deposit|upfront|down)[^.|]*)/i;

export function paymentTerms(doc: Doc): { value: string; page: number } | undefined {
  for (const hit of findLabels(doc, LABEL)) {
    const got = readNear(doc, hit, (text) => (/\p{L}{2}/u.test(text) && !/:\s*$/.test(text) ? text : null));
    if (!got) continue;
    // "Payment terms: Net 30. Prices in USD." ends at the first sentence
    const value = clean(got.value.split(/(?<=[^.\s]{2})\.\s/)[0]!.replace(/\.$/, "")).slice(0, 120);
    return { value: value.replace(/^net\s?(\d+)/i, "Net $1"), page: got.near.row.page };
  }
  for (const row of doc.rows) {
    const m = NET.exec(row.text);
    if (m) return { value: clean(m[0]).replace(/^net\s?(\d+)/i, "Net $1"), page: row.page };
  }
  return undefined;
}
