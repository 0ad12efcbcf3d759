import { escapeRegExp } from "./text";
/**
 * The words documents use, in English, French, Spanish, German, Dutch, Italian, Portuguese and
 * Indonesian, written folded (lower case, no accents: see `fold`). Each list is one concept;
 * the rules combine them into patterns. Longer phrases come first where order matters.
 */

/** A regex alternation of phrases, longest first, spaces matching any run of spaces or dots/hyphens between words. */
export function alternation(words: readonly string[]): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((w) => escapeRegExp(w).replace(/\\\./g, "\\.?").replace(/ /g, "[\\s.-]*"))
    .join("|");
}

/** Matches a whole word or phrase (letters on neither side). */
export const wordPattern = (words: readonly string[], flags = "") =>
  new RegExp(`(?<![\\p{L}\\d])(?:${alternation(words)})(?![\\p{L}])`, `u${flags}`);

// ---------------------------------------------------------------- document types

// prettier-ignore
export const QUOTE_WORDS = [
  "quote", "quotation", "price quote", "sales quote", "estimate", "cost estimate", "estimation", "proposal", "price proposal", "offer",
  "proforma", "pro forma", "pro-forma", "proforma invoice", "pro forma invoice",
  "devis", "offre", "offre de prix", "proposition commerciale", "proposition de prix", "facture proforma", "facture pro forma",
  "cotizacion", "presupuesto", "oferta", "propuesta", "propuesta economica", "factura proforma",
  "angebot", "kostenvoranschlag", "kostenschatzung", "preisangebot", "proformarechnung", "proforma-rechnung",
  "offerte", "begroting", "kostenraming", "prijsopgave", "proforma factuur",
  "preventivo", "offerta", "quotazione", "fattura proforma",
  "orcamento", "cotacao", "proposta", "fatura proforma",
  "penawaran", "penawaran harga", "surat penawaran", "faktur proforma",
  // neighbouring languages documents arrive in
  "offert", "tilbud", "wycena", "oferta handlowa", "nabidka", "cenova nabidka",
] as const;

// prettier-ignore
export const INVOICE_WORDS = [
  "invoice", "invoices", "tax invoice", "commercial invoice", "vat invoice", "bill", "receipt", "payment receipt", "sales receipt",
  "facture", "note d'honoraires", "factura", "factura electronica", "recibo", "rechnung", "quittung", "factuur", "kopie factuur", "nota",
  "fattura", "ricevuta", "fatura", "nota fiscal", "recibo", "faktur", "faktur pajak", "kwitansi", "tagihan", "invoice/bill",
  "faktura", "faktura vat", "rachunek",
] as const;

// prettier-ignore
export const CREDIT_WORDS = [
  "credit note", "credit memo", "credit invoice", "avoir", "facture d'avoir", "note de credit", "gutschrift", "rechnungskorrektur",
  "stornorechnung", "nota de credito", "factura rectificativa", "nota di credito", "creditnota", "creditfactuur", "nota de credito",
  "nota kredit",
] as const;

/** Titles of commercial documents that are neither quotes nor invoices: orders, delivery notes, statements. */
// prettier-ignore
export const OTHER_COMMERCIAL_WORDS = [
  "order", "sales order", "purchase order", "order confirmation", "statement", "account statement", "project statement",
  "delivery note", "packing list", "remittance advice",
  "bon de commande", "commande", "confirmation de commande", "bon de livraison", "releve", "releve de compte",
  "auftragsbestatigung", "bestellung", "auftrag", "lieferschein", "kontoauszug",
  "pedido", "orden de compra", "nota de entrega", "albaran", "estado de cuenta",
  "bestelling", "orderbevestiging", "pakbon", "ordine", "conferma d'ordine", "ordine di acquisto", "bolla di consegna",
  "encomenda", "nota de encomenda", "guia de remessa", "pesanan", "surat jalan", "pesanan pembelian",
] as const;

// ---------------------------------------------------------------- labels

/** Words that say "number" after a document word: "Invoice No.", "N° de facture", "Rechnungsnummer". */
// prettier-ignore
export const NUMBER_WORDS = ["no.", "no", "nr.", "nr", "n°", "n º", "nº", "n.", "num.", "num", "number", "numero", "nummer", "nomor", "#", "ref.", "ref", "id"] as const;

/** Labels of a document's own number (alone or before a number word). */
// prettier-ignore
export const DOC_NUMBER_LABELS = [
  "quote", "quotation", "estimate", "proposal", "offer", "proforma", "invoice", "bill", "receipt", "credit note", "document", "doc",
  "devis", "offre", "facture", "avoir", "piece", "document",
  "cotizacion", "presupuesto", "factura", "oferta", "documento",
  "angebot", "angebots", "rechnung", "rechnungs", "beleg", "gutschrift", "gutschrifts", "kv", "kostenvoranschlag", "dokument",
  "offerte", "begroting", "factuur", "creditnota",
  "preventivo", "offerta", "fattura", "documento",
  "orcamento", "fatura", "cotacao", "proposta",
  "penawaran", "faktur", "invoice",
] as const;

/** Compound labels of a document's number. */
// prettier-ignore
export const DOC_NUMBER_COMPOUNDS = [
  "rechnungsnummer", "rechnungsnr", "angebotsnummer", "angebotsnr", "belegnummer", "belegnr", "gutschriftsnummer", "dokumentnummer",
  "factuurnummer", "factuurnr", "offertenummer", "offertenr", "creditnotanummer", "documentnummer", "invoice#", "quote#", "bill#",
  "begrotingnummer", "begroting nummer", "quotation#", "estimate#", "serie y folio",
] as const;

/** The issuer's own reference in a letter-style offer: the document's number when nothing names one. */
// prettier-ignore
export const OUR_REFERENCE_LABELS = [
  "our ref", "our ref.", "our reference", "ons kenmerk", "onze referentie", "onze ref", "unser zeichen", "unsere referenz",
  "notre ref", "notre reference", "nuestra ref", "nuestra referencia", "nostro riferimento", "ns. rif", "nossa referencia", "nossa ref",
  "referensi kami", "kenmerk",
] as const;

/** Labels of numbers that are never the document's: customer, order, tax, bank, phone... */
// prettier-ignore
export const OTHER_NUMBER_LABELS = [
  "customer", "client", "account", "kunden", "kunde", "klant", "cliente", "pelanggan", "debitor", "debitoren", "abonne",
  "order", "purchase order", "p.o", "po", "commande", "bestell", "auftrag", "pedido", "ordine", "encomenda", "pesanan", "bestelling",
  "vat", "tax", "tva", "ust", "mwst", "btw", "iva", "gst", "gstin", "npwp", "siret", "siren", "tin", "cin", "pan", "steuer", "uid",
  "registration", "company", "handelsregister", "kvk", "rcs", "hrb", "ein", "abn", "cif", "nif", "nie", "p.iva", "partita iva",
  "iban", "bic", "swift", "konto", "compte", "cuenta", "rekening", "conto", "bank", "routing", "sort code", "aba", "blz",
  "phone", "tel", "telephone", "fax", "mobile", "telefon", "telefono", "telepon", "hp",
  "page", "seite", "pagina", "halaman", "contract", "contrat", "vertrag", "contrato", "contratto", "kontrak", "leasing", "leasingnummer",
  "project", "projet", "projekt", "proyecto", "progetto", "projeto", "proyek", "tracking", "serial", "serie", "chassis", "job card",
  "licence", "license", "lot", "batch", "line", "ligne", "zeile", "dossier", "file", "case", "ticket", "mandate", "mandat",
  "delivery", "livraison", "liefer", "entrega", "levering", "consegna", "pengiriman", "shipment", "b/l", "container", "awb",
  "sales", "salesperson", "vendor", "supplier", "lieferanten", "fournisseur", "item", "article", "artikel", "product", "sku", "ean",
  "gln", "duns", "odette", "routage", "lieferant", "referenz", "your", "votre", "vos", "ihre", "uw", "su", "vostro", "sua",
  "certificado", "certificate", "zertifikat", "certificat",
] as const;

/** Dates: the issue date's labels. */
// prettier-ignore
export const ISSUE_DATE_LABELS = [
  "date", "dated", "datum", "fecha", "data", "tanggal", "date of issue", "issue date", "issued", "issued on", "date issued",
  "invoice date", "quote date", "quotation date", "estimate date", "proposal date", "document date", "bill date", "receipt date",
  "date d'emission", "date emission", "emis le", "emise le", "date de facture", "date de facturation", "date du devis", "date de l'avoir",
  "date de transaction", "date de la facture",
  "rechnungsdatum", "angebotsdatum", "belegdatum", "ausstellungsdatum", "datum kv", "gutschriftsdatum", "dokumentdatum", "erstellt am",
  "factuurdatum", "factuur datum", "offertedatum", "datum factuur", "begrotingsdatum",
  "fecha de emision", "fecha factura", "fecha de factura", "fecha de expedicion", "fecha del presupuesto",
  "data fattura", "data emissione", "data documento", "data del preventivo",
  "data de emissao", "data da fatura", "data do orcamento",
  "tanggal faktur", "tanggal invoice", "tanggal penawaran", "tgl",
] as const;

/** Dates that are not the issue date. */
// prettier-ignore
export const OTHER_DATE_LABELS = [
  "due", "due date", "payment due", "pay by", "echeance", "date limite", "faellig", "fallig", "falligkeit", "zahlbar bis", "zahlungsziel",
  "vencimiento", "vence", "scadenza", "vervaldatum", "vervaldag", "jatuh tempo", "vencimento",
  "delivery", "delivered", "livraison", "liefer", "lieferdatum", "leistungsdatum", "entrega", "consegna", "levering", "leverdatum",
  "pengiriman", "ship", "shipping", "shipped", "dispatch", "expedition", "versand",
  "order", "ordered", "commande", "bestell", "auftrag", "pedido", "ordine", "encomenda", "pesanan", "orderdatum",
  "period", "periode", "periodo", "leistungszeitraum", "zeitraum", "service period", "billing period",
  "valid", "validity", "expiry", "expiration", "expires", "gultig", "gultigkeit", "validite", "valable", "valido", "validez", "geldig",
  "validade", "berlaku", "vigencia",
  "payment", "paiement", "prelevement", "zahlung", "pago", "betaling", "pagamento", "pembayaran", "paid",
  "check in", "check out", "arrival", "departure", "start", "end", "debut", "fin", "birth", "naissance", "geburt",
  "training", "releve", "reading", "ablesung", "shipment", "eta", "etb", "etd", "job card", "contract",
] as const;

// prettier-ignore
export const VALID_UNTIL_LABELS = [
  "valid until", "valid till", "valid through", "valid thru", "valid to", "valid up to", "validity", "offer valid until", "quote valid until",
  "expiry date", "expiration date", "expiration", "expires", "expires on", "good until", "good through",
  "gultig bis", "gultig bis zum", "angebot gultig bis", "gultigkeit", "bindefrist",
  "date de fin de validite", "fin de validite", "valable jusqu'au", "valable jusqu'a", "validite", "date de validite", "offre valable jusqu'au",
  "valido hasta", "valida hasta", "validez", "vigencia", "vigente hasta", "fecha de validez", "fecha de vencimiento de la oferta",
  "geldig tot", "geldig tot en met", "geldig t/m", "geldigheid", "vervaldatum offerte",
  "valido fino al", "valida fino al", "validita", "scadenza offerta",
  "valido ate", "valida ate", "validade",
  "berlaku hingga", "berlaku sampai", "berlaku sampai dengan", "masa berlaku", "berlaku s/d", "berlaku s.d.", "berlaku sd",
] as const;

// prettier-ignore
export const CUSTOMER_LABELS = [
  "bill to", "billed to", "invoice to", "invoiced to", "invoicing address", "invoice address", "billing address",
  "invoice and shipping address", "invoicing and shipping address", "sold to", "customer", "customer name", "client", "client name", "to", "attn",
  "attention", "prepared for", "quotation for", "quote for", "estimate for", "proposal for", "offer for", "invoice for", "proforma for", "buyer", "purchaser", "recipient", "company name",
  "destinataire", "facture a", "facturer a", "adresse de facturation", "a l'attention de", "pour", "nom de client", "nom du client",
  "nom de l'entreprise", "denomination", "acheteur", "client final", "doit", "devis pour", "facture pour", "offre pour", "proposition pour",
  "cliente", "receptor", "facturar a", "cobrar a", "comprador", "presupuesto para", "cotizacion para", "oferta para", "factura para", "senor", "senores", "destinatario",
  "kunde", "kundin", "rechnungsempfanger", "empfanger", "an", "auftraggeber", "rechnungsadresse", "kaufer", "angebot fur", "rechnung fur",
  "klant", "factuuradres", "aan", "t.a.v", "opdrachtgever", "afnemer", "offerte voor", "factuur voor", "proforma voor",
  "spett.le", "spettabile", "gent.mo", "gent.mo sig", "gent.ma", "gent.ma sig.ra", "gent.mi", "egr.", "egr. sig", "egregio", "egregio sig", "egregia", "alla cortese attenzione di", "committente", "intestatario", "preventivo per", "offerta per", "fattura per",
  "faturar a", "adquirente", "tomador", "orcamento para", "proposta para", "cotacao para", "fatura para",
  "exmo", "exmo. sr", "exmo. senhor", "exmo(s)", "exmo(s). sr(s)", "exmo(s). senhor(es)", "exmos", "exmos. srs", "exma", "exma. sra", "exma. senhora", "exmos. srs", "exmos. senhores", "ilmo", "ilmo. sr", "ilma", "ilma. sra",
  "pelanggan", "kepada", "kepada yth", "ditagihkan kepada", "pembeli", "nama pelanggan", "penawaran untuk", "tagihan untuk", "ditujukan kepada",
  "tagih ke", "ditagih ke", "cessionario/committente", "cessionario / committente", "cessionario",
  "naam", "name", "nom", "nombre", "nome", "nama",
] as const;

/** Ship-to and delivery blocks: a customer's address, used only when no billing label exists. */
// prettier-ignore
export const SHIP_TO_LABELS = [
  "ship to", "deliver to", "delivery address", "shipping address", "adresse de livraison", "livrer a", "lieferadresse", "lieferanschrift",
  "enviar a", "envie a", "direccion de envio", "afleveradres", "leveradres", "indirizzo di consegna", "spedire a", "entregar a",
  "dikirim ke", "kirim ke", "alamat pengiriman", "service address", "despachar a", "enviar para", "afleveren op",
] as const;

// prettier-ignore
export const VENDOR_LABELS = [
  "from", "vendor", "supplier", "seller", "sold by", "issued by", "service provider", "provider", "merchant", "company",
  "payable to", "make checks payable to", "pay to", "remit to", "beneficiary", "account name", "account holder",
  "de", "fournisseur", "vendeur", "emetteur", "prestataire", "societe", "beneficiaire", "titulaire du compte", "a l'ordre de",
  "proveedor", "vendedor", "emisor", "empresa", "beneficiario", "titular",
  "von", "lieferant", "verkaufer", "anbieter", "absender", "aussteller", "firma", "kontoinhaber", "zahlungsempfanger",
  "leverancier", "verkoper", "afzender", "begunstigde", "rekeninghouder",
  "fornitore", "venditore", "emittente", "intestatario del conto", "fornecedor", "emitente", "prestador",
  "penjual", "pemasok", "dari", "atas nama", "cedente/prestatore", "cedente / prestatore", "cedente",
] as const;

// ---------------------------------------------------------------- totals

// prettier-ignore
export const SUBTOTAL_LABELS = [
  "subtotal", "sub-total", "sub total", "net total", "total net", "total before tax", "total excl. tax", "total excl. vat",
  "total excluding tax", "total excluding vat", "amount before tax", "before gst", "before tax", "total without taxes",
  "total without tax", "untaxed amount", "total untaxed", "taxable amount", "taxable value", "assessable value", "net amount", "net", "total (excl", "merchandise total",
  "sous-total", "sous total", "total ht", "montant ht", "total hors taxes", "total hors tva", "montant hors taxes", "total net ht",
  "total facture hors tva", "base ht", "net ht",
  "zwischensumme", "nettobetrag", "netto", "summe netto", "nettosumme", "gesamt netto", "netto gesamt", "positionen netto",
  "gesamtbetrag netto", "nettobetrag gesamt", "warenwert", "summe positionen",
  "subtotal", "total parcial", "base imponible", "total sin iva", "importe neto", "suma",
  "subtotaal", "totaal excl. btw", "exclusief btw", "totaal exclusief btw", "netto bedrag", "totaal excl",
  "imponibile", "totale imponibile", "subtotale", "totale netto", "imponibile totale",
  "total sem iva", "total liquido", "valor liquido", "base de calculo", "total iliquido", "valor iliquido",
  "jumlah", "sub total", "dpp", "dasar pengenaan pajak", "total sebelum pajak",
] as const;

// prettier-ignore
export const TAX_LABELS = [
  "tax", "taxes", "total tax", "sales tax", "tax amount", "vat", "vat amount", "total vat", "gst", "hst", "pst", "qst", "igst", "cgst",
  "sgst", "utgst", "total tax amount",
  "tva", "total tva", "montant tva", "taxe", "taxes", "taxe sur la valeur ajoutee", "tps", "tvq",
  "mwst", "mwst.", "ust", "ust.", "umsatzsteuer", "mehrwertsteuer", "steuer", "mwst-betrag", "mwst betrag",
  "iva", "impuesto", "impuestos", "total impuestos", "total iva", "igic", "igv", "itbis",
  "btw", "btw bedrag", "totaal btw", "omzetbelasting",
  "imposta", "totale iva", "iva totale",
  "imposto", "total de impostos", "icms", "iss",
  "ppn", "pajak", "total pajak", "pph",
] as const;

// prettier-ignore
export const SHIPPING_LABELS = [
  "shipping", "shipping & handling", "shipping and handling", "freight", "delivery", "delivery charge", "postage", "carriage", "s&h",
  "handling", "shipping cost", "shipping costs",
  "frais de port", "livraison", "frais de livraison", "frais d'expedition", "transport", "expedition",
  "versand", "versandkosten", "fracht", "frachtkosten", "porto", "lieferkosten", "verpackung und versand",
  "envio", "gastos de envio", "envio/manipulacion", "porte", "portes", "transporte",
  "verzendkosten", "verzending", "bezorging", "bezorgkosten", "vracht",
  "spedizione", "spese di spedizione", "trasporto", "spese di trasporto",
  "frete", "portes", "envio",
  "ongkos kirim", "ongkir", "biaya pengiriman", "pengiriman",
] as const;

// prettier-ignore
export const TOTAL_LABELS = [
  "total", "grand total", "total amount", "total price", "total cost", "invoice total", "quote total", "estimate total",
  "total for this invoice", "amount", "total incl. tax", "total incl. vat", "total including tax", "gross total", "total gross",
  "total (inc", "total due", "amount due", "balance due", "amount to pay", "total payable", "amount payable", "net payable", "total value",
  "total ttc", "montant ttc", "montant total", "net a payer", "total a payer", "somme a payer", "total facture", "total general",
  "montant total ttc", "total net ttc", "total facture ttc", "montant a payer", "reste a payer",
  "gesamtbetrag", "gesamt", "gesamtsumme", "endsumme", "summe", "summe gesamt", "rechnungsbetrag", "bruttobetrag", "brutto",
  "gesamtbetrag brutto", "gesamtpreis", "zu zahlen", "zahlbetrag", "endbetrag", "angebotssumme", "total brutto", "rechnungssumme",
  "importe total", "total a pagar", "total factura", "importe", "saldo adeudado", "total general", "total presupuesto",
  "totaal", "totaal incl. btw", "totaalbedrag", "te betalen", "factuur totaal", "totaal te betalen", "eindtotaal", "totaal inclusief btw",
  "totale", "totale fattura", "totale documento", "totale da pagare", "importo totale", "totale generale", "netto a pagare",
  "valor total", "total geral", "total a pagar", "valor a pagar", "total do orcamento",
  "jumlah total", "total tagihan", "grand total", "total bayar", "jumlah yang harus dibayar", "total harga",
] as const;

/** Amounts after prior balances or payments: the total only when nothing better is printed. */
// prettier-ignore
export const DUE_LABELS = [
  "amount due", "balance due", "balance", "total due", "amount to pay", "net payable", "amount payable", "payment due", "to pay",
  "net a payer", "reste a payer", "montant a payer", "solde", "somme a payer", "a payer",
  "zu zahlen", "zahlbetrag", "offener betrag", "restbetrag",
  "saldo adeudado", "saldo", "a pagar", "total a pagar",
  "te betalen", "openstaand", "saldo",
  "da pagare", "saldo dovuto", "netto a pagare",
  "valor a pagar", "em divida",
  "sisa tagihan", "jumlah yang harus dibayar",
] as const;

/** Lines near the totals that are never the document's own totals. */
// prettier-ignore
export const NOT_TOTAL_LABELS = [
  "previous", "prior", "unpaid", "already paid", "paid", "payment received", "payments", "deposit", "credit", "credits", "carried forward",
  "brought forward", "carried over", "balance forward", "ubertrag", "a reporter", "report", "suma y sigue", "suma anterior", "riporto",
  "a riportare", "van vorige pagina",
  "deja paye", "acompte", "montant deja", "bereits bezahlt", "anzahlung", "vorauszahlung", "pagado", "anticipo", "reeds betaald",
  "aanbetaling", "gia pagato", "acconto", "ja pago", "sinal", "uang muka", "sudah dibayar", "skonto", "escompte", "rounding", "arrondi", "rundung", "redondeo", "afronding",
  "arrotondamento", "pembulatan", "timbre", "stamp",
  // counts and measures, not money
  "total qty", "total quantity", "total weight", "total items", "total pieces", "total units", "total hours", "total pcs",
  "quantite totale", "poids total", "nombre total", "gesamtmenge", "gesamtgewicht", "menge gesamt", "anzahl gesamt", "stunden gesamt",
  "cantidad total", "peso total", "totaal aantal", "totaal gewicht", "quantita totale", "peso totale", "quantidade total",
  "jumlah barang", "total berat", "total qty on",
] as const;

// ---------------------------------------------------------------- item table columns

export type Column = "index" | "code" | "description" | "quantity" | "unit" | "unitPrice" | "discount" | "tax" | "amount" | "date";

// prettier-ignore
export const COLUMN_WORDS: Record<Column, readonly string[]> = {
  index: ["pos", "pos.", "position", "#", "no", "no.", "nr", "nr.", "n°", "line", "ligne", "lig", "ln", "ag.-pos", "item #", "item no", "s.no", "sl. no", "sr. no", "no urut"],
  code: [
    "item code", "code", "sku", "part no", "part number", "product code", "ref", "ref.", "reference", "art.-nr", "art. nr", "artikelnr",
    "artikelnummer", "artikel-nr", "article no", "code article", "codigo", "referencia", "cod", "codice", "codigo", "kode", "kode barang",
    "hsn", "hsn/sac", "hst/par/nr", "fsn", "product", "produit",
  ],
  description: [
    "description", "desc", "item", "items", "item description", "article", "artikel", "product", "products", "service", "services",
    "details", "particulars", "title", "name", "item name", "product name", "description of services", "description of goods", "work",
    "designation", "libelle", "prestation", "produit", "objet", "intitule", "nom & designation", "descriptif",
    "bezeichnung", "beschreibung", "leistung", "leistungen", "artikelbezeichnung", "produkt", "position", "arbeiten", "tatigkeit",
    "omschrijving", "artikel", "product", "dienst", "specificatie", "werkzaamheden", "werkzaamheid", "diensten", "onderdeel",
    "descripcion", "concepto", "producto", "articulo", "detalle", "servicio",
    "descrizione", "prodotto", "articolo", "servizio", "oggetto",
    "descricao", "produto", "servico", "designacao", "discriminacao",
    "uraian", "keterangan", "nama barang", "deskripsi", "produk", "barang", "nama item", "jasa",
  ],
  quantity: [
    "qty", "qty.", "quantity", "qnty", "quant", "quant.", "units", "no. of units", "hours", "hrs", "hrs.", "days", "pcs",
    "qte", "qte.", "quantite", "nombre", "nb", "heures", "jours",
    "menge", "anzahl", "anz", "anz.", "stk", "stuck", "stunden", "std", "tage", "mng",
    "cantidad", "cant", "cant.", "uds", "horas", "unidades",
    "aantal", "hoeveelheid", "aant", "uren",
    "quantita", "qta", "qta.", "q.ta", "ore",
    "quantidade", "qtd", "qtde", "qtd.",
    "kuantitas", "banyaknya", "jml", "qty/unit", "volume", "vol", "vol.",
  ],
  unit: ["unit", "uom", "u/m", "um", "unite", "u.", "einheit", "einh", "einh.", "me", "unidad", "ud", "eenheid", "unita", "unidade", "un", "satuan", "unit of measure"],
  unitPrice: [
    "unit price", "price", "rate", "hourly rate", "each", "unit cost", "price each", "list price", "net price", "unit rate", "price/unit",
    "unit price excl", "price per unit", "cost", "fee",
    "prix unitaire", "pu", "p.u", "p.u.", "pu ht", "p.u. ht", "prix", "tarif", "prix unit", "prix unitaire ht", "prix ht", "taux",
    "einzelpreis", "preis", "e-preis", "ep", "stuckpreis", "preis/einh", "vk-preis", "einzel", "satz", "stundensatz",
    "precio", "precio unitario", "p. unit", "p.unit", "precio unit", "tarifa", "valor unitario",
    "prijs", "stukprijs", "prijs per stuk", "eenheidsprijs", "tarief",
    "prezzo", "prezzo unitario", "pr. unit", "prezzo unit",
    "preco", "preco unitario", "valor unit", "vl. unit", "unitario", "unitaire", "unit.", "vlr. unit", "p. unitario",
    "harga", "harga satuan", "harga/unit", "harga unit",
  ],
  discount: ["discount", "disc", "disc.", "disc.%", "disc %", "remise", "rem", "rem.", "rabais", "rabatt", "nachlass", "descuento", "dto", "dto.", "korting", "sconto", "desconto", "desc.", "diskon", "potongan"],
  tax: ["tax", "taxes", "vat", "vat %", "tax %", "tax(%)", "gst", "tva", "tva %", "mwst", "mwst.", "ust", "ust.", "iva", "btw", "ppn", "tax rate", "impuestos", "taxe", "taux tva", "vat rate", "igst", "cgst", "sgst"],
  amount: [
    "amount", "total", "line total", "ext price", "ext. price", "extended", "extended price", "extension", "net amount", "total price",
    "price total", "line amount", "subtotal", "sum", "value",
    "montant", "montant ht", "total ht", "prix total", "prix total ht", "montant ttc", "total ttc",
    "gesamt", "gesamtpreis", "betrag", "summe", "zeilenbetrag", "gesamtbetrag", "netto", "brutto", "gesamt netto", "gp", "g-preis",
    "importe", "total", "valor", "subtotal",
    "bedrag", "totaal", "subtotaal", "prijs incl. btw", "totaal excl. btw",
    "importo", "totale", "importo totale",
    "valor total", "total",
    "jumlah", "total harga", "nilai", "harga total",
  ],
  date: ["date", "datum", "fecha", "data", "tanggal", "training date", "shipment date"],
};

// ---------------------------------------------------------------- amounts written in words

/** Number words of the supported languages, whole words only; short ones that are also ordinary words ("un", "due", "elf", "lima") are left out. */
// prettier-ignore
export const NUMBER_WORDS_SPELLED = [
  "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
  "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand",
  "million", "lakh", "lakhs", "crore", "crores",
  "deux", "trois", "quatre", "cinq", "sept", "huit", "neuf", "dix", "onze", "douze", "treize", "quatorze", "quinze", "seize", "vingt",
  "vingts", "trente", "quarante", "cinquante", "soixante", "cent", "cents", "mille", "millions",
  "zwei", "drei", "vier", "funf", "sechs", "sieben", "neun", "zehn", "zwolf", "zwanzig", "hundert", "tausend",
  "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "veinte", "treinta", "cuarenta", "cincuenta",
  "sesenta", "setenta", "ochenta", "noventa", "cien", "ciento", "doscientos", "trescientos", "quinientos", "mil", "millon", "millones",
  "quattro", "cinque", "sette", "otto", "nove", "dieci", "venti", "trenta", "quaranta", "cinquanta", "cento", "mila", "milioni",
  "dois", "duas", "quatro", "sete", "oito", "dez", "vinte", "trinta", "quarenta", "cem", "duzentos", "trezentos", "quinhentos", "milhao", "milhoes",
  "twee", "drie", "vijf", "zes", "zeven", "negen", "tien", "twintig", "dertig", "veertig", "vijftig", "honderd", "duizend", "miljoen",
  "satu", "tiga", "empat", "enam", "tujuh", "delapan", "sembilan", "sepuluh", "sebelas", "seratus", "seribu", "ratus", "ribu", "juta",
  "puluh", "belas",
] as const;

/** The parts a German, Dutch or Italian number is written with as one word ("dreihundertfünfzig", "tweeduizend", "duemilatrecento"). */
// prettier-ignore
export const NUMBER_MORPHEMES = [
  "ein", "eins", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwolf", "zwanzig", "dreissig", "vierzig",
  "funfzig", "sechzig", "siebzig", "achtzig", "neunzig", "hundert", "tausend", "und",
  "een", "twee", "drie", "vijf", "zes", "zeven", "negen", "tien", "twaalf", "twintig", "dertig", "veertig", "vijftig", "zestig",
  "zeventig", "tachtig", "negentig", "honderd", "duizend", "en",
  "uno", "un", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci", "undici", "dodici", "venti", "vent", "trenta",
  "trent", "quaranta", "quarant", "cinquanta", "cinquant", "sessanta", "settanta", "ottanta", "novanta", "cento", "mille", "mila",
] as const;
