import { describe, expect, it } from "vitest";
import { nameOf, parties } from "./parties";
import { readDoc } from "./text";

const partiesOf = (text: string) => {
  const got = parties(readDoc([{ page: 1, text }]));
  return { vendor: got.vendor?.name ?? null, customer: got.customer?.name ?? null };
};
const cell = (text: string, x0: number, x1: number) => ({ text, x0, x1, y0: 0, y1: 10 });
const table = "Description | Qty | Price | Amount\nService | 1 | 150.00 | 150.00\nTotal | 150.00";

describe("the issuer", () => {
  it("the letterhead over its address", () =>
    expect(partiesOf(`Brightwater Tools Ltd\n22 Mill Lane\nLeeds LS1 4AB\nINVOICE\n${table}`).vendor).toBe("Brightwater Tools Ltd"));

  it("the name in the legal footer, not the addressee at the top", () => {
    const text = `ATELIER MOREAU\nJean Moreau\n8 chemin des Vignes\n33000 Bordeaux\nFacture n° 2031-17\n${table}\nÉDITIONS LUMEN\nSiège social : 4 quai des Chartrons - 33000 Bordeaux\nSAS au capital de 5 000 € - RCS Bordeaux 812 345 678`;
    expect(partiesOf(text).vendor).toBe("ÉDITIONS LUMEN");
  });

  it("the name that matches the e-mail domain, not a slogan or a tagline", () => {
    const text = `Always ahead of the curve.\nNordlicht Design\nhello@nordlicht-design.de\nAngebot\n${table}`;
    expect(partiesOf(text).vendor).toBe("Nordlicht Design");
  });

  it("the value under a label in a row of column titles, not the next title", () => {
    const text = `FATURA\nVENDEDOR | CARGO | PRAZO DE | DATA DE\nENTREGA | VENCIMENTO\nLuísa Prado | Consultora | 10 dias | 30/09/2031\n${table}`;
    expect(partiesOf(text).vendor).toBe("Luísa Prado");
  });

  it("a name alone on the first line, over the document's title", () => {
    const text = `Lumen-Works\n | ANGEBOT\nFrau Berger\nAm Hang 3\n79098 Freiburg\n${table}`;
    expect(partiesOf(text).vendor).toBe("Lumen-Works");
  });

  it("the company that opens a one-line footer with its tax id and bank account, not the addressee", () => {
    const text = `Mr. Owen Hale\nHale Orchards Ltd\n12 Orchard Road\nAshford TN23 1AA\nQUOTATION No. 4471\nDate: 12/03/2031\n${table}\nThank you for your enquiry.\nBirchwood Fencing Ltd · Unit 4, Mill Estate · Maidstone ME1 2AB · VAT GB 123 4567 89 · IBAN GB29 NWBK 6016 1331 9268 19`;
    expect(partiesOf(text)).toEqual({ vendor: "Birchwood Fencing Ltd", customer: "Hale Orchards Ltd" });
  });

  it("the account holder of the bank details", () => {
    const text = `Angebot\n${table}\nBank: Volksbank Ulm | Kontoinhaber: Falkner Metallbau | IBAN: DE44 6309 0100 0000 7788 12`;
    expect(partiesOf(text).vendor).toBe("Falkner Metallbau");
  });

  it("the sender line above the address window", () => {
    const text = `Kältetechnik Brandt GmbH · Industriestraße 12 · 90431 Nürnberg\nGasthaus Lindenhof KG\nDorfplatz 3\n91054 Erlangen\nRechnung\n${table}`;
    expect(partiesOf(text)).toEqual({ vendor: "Kältetechnik Brandt GmbH", customer: "Gasthaus Lindenhof KG" });
  });

  it("a sender line whose parts the reader put in cells, and the window under it", () => {
    const text = `kartello.de | Ringstraße 7 | 70173 Stuttgart\nNordwind Handel AG | Ringstraße 7\nBirkenweg 3 | 70173 Stuttgart\n72070 Tübingen\nRechnung R-1\n${table}`;
    expect(partiesOf(text)).toEqual({ vendor: "kartello.de", customer: "Nordwind Handel AG" });
  });

  it("the brand of the e-mail domain, printed on its own", () => {
    const text = `Facture du 05/09/2031\nVOLTERRA | Espace clients\ncontact@volterra.fr\nM. ROBERT GARNIER\n12 AVENUE DES PINS\n13008 MARSEILLE\n${table}`;
    expect(partiesOf(text).vendor).toBe("VOLTERRA");
  });

  it("a company and its contact person written on one line", () => {
    const text = `Harbor Tools, Lena Ortiz\n740 Harbor Road\nSpringfield IL 62704\nQuotation # Q-8\n${table}`;
    expect(partiesOf(text).vendor).toBe("Harbor Tools");
  });

  it("the issuer's columns in the footer when the letterhead is a logo", () => {
    const rows = Array.from({ length: 12 }, (_, i) => `Service ${i + 1} | 1 | 10.00 | 10.00`);
    const text = [
      "INVOICE",
      "Invoice No: 7",
      "Bill To: Northwind Traders",
      "Description | Qty | Price | Amount",
      ...rows,
      "Total | 120.00",
      "Thank you for your order",
      "Brightline Studio | Bank: Sparkasse | Contact",
      "12 Canal Street | IBAN: DE02 1234 | hello@brightline.studio",
      "20095 Hamburg | BIC: HASPDEHH | +49 40 1234567",
    ].join("\n");
    expect(partiesOf(text).vendor).toBe("Brightline Studio");
  });

  it("never a document title, a bank line or a label", () => {
    expect(nameOf("QUOTATION")).toBeNull();
    expect(partiesOf(`QUOTATION\n${table}`).vendor).toBeNull();
    expect(nameOf("IBAN: DE89 3704 0044 0532 0130 00")).toBeNull();
    expect(nameOf("Deutsche Bank")).toBeNull();
    expect(nameOf("Invoice Date:")).toBeNull();
    expect(nameOf("8 rue des Forges, 21000 Dijon")).toBeNull();
    expect(nameOf("Altijd dichtbij, altijd op tijd.")).toBeNull();
  });
});

describe("the customer", () => {
  it.each([
    ["Bill To:", "Pennant Marine Services Ltd"],
    ["Client :", "Boulangerie Vernet"],
    ["Destinataire :", "Boulangerie Vernet"],
    ["Kunde:", "Gasthaus Lindenhof KG"],
    ["Rechnungsempfänger:", "Gasthaus Lindenhof KG"],
    ["Cliente:", "Hotel Miramar S.A."],
    ["Klant:", "Bakkerij De Molen"],
    ["Kepada:", "CV Maju Bersama"],
    ["Attn:", "Northwind Traders"],
  ])("after %s", (label, name) =>
    expect(partiesOf(`Harbourline Fabrication Ltd\n${label}\n${name}\n12 Dock Lane\n${table}`).customer).toBe(name),
  );

  it("the company rather than its contact", () => {
    expect(partiesOf(`Lena Ortiz\nPrepared for:\nTom Reyes\nHarbor Logistics Inc.\n${table}`).customer).toBe("Harbor Logistics Inc.");
    expect(
      partiesOf(`Studio Lumen\nNom de client: karim | N° De transaction: 2207\nNom de l'entreprise: Oued Textiles SARL\n${table}`).customer,
    ).toBe("Oued Textiles SARL");
  });

  it("a heading centred over its column names the value under it", async () => {
    const doc = readDoc([
      {
        page: 1,
        text: "BILL TO | SHIP TO\nNorthwind Traders | Harbour Depot\n1 Main St | 2 Dock Rd",
        lines: [
          { cells: [cell("BILL TO", 147, 185), cell("SHIP TO", 431, 471)], x0: 147, x1: 471, y0: 100, y1: 110 },
          { cells: [cell("Northwind Traders", 28, 120), cell("Harbour Depot", 315, 420)], x0: 28, x1: 420, y0: 112, y1: 122 },
          { cells: [cell("1 Main St", 28, 80), cell("2 Dock Rd", 315, 370)], x0: 28, x1: 370, y0: 124, y1: 134 },
        ],
      },
    ]);
    expect(parties(doc).customer?.name).toBe("Northwind Traders");
  });

  it("a label cell over the name, beside the issuer's block", () => {
    const text = `Devis D-1\nSociété | Client\nAtelier Sud | Maison Ferrand\n8 rue des Forges, 21000 Dijon | 14 allée des Cèdres, 25000 Besançon\n${table}`;
    expect(partiesOf(text)).toEqual({ vendor: "Atelier Sud", customer: "Maison Ferrand" });
  });
});

describe("the customer's name, where labels and addresses mislead", () => {
  it("a qualifier between the label and its colon, and a name ending in dotted initials", () =>
    expect(
      partiesOf(`Papelera Norte, S.A. de C.V.\nCliente (Receptor): Escuela Montes Azules, A.C.\nRFC: EMA950612HJ3\n${table}`).customer,
    ).toBe("Escuela Montes Azules, A.C."));

  it("an owners' association named after its building, over the manager acting for it", () => {
    const text = `Sanitär Brandt GmbH\nHafenweg 2\n28195 Bremen\nKunde:\nWohnungseigentümergemeinschaft Ulmenweg 7\nvertreten durch Hausverwaltung Kranz\nUlmenweg 7\n28203 Bremen\n${table}`;
    expect(partiesOf(text).customer).toBe("Wohnungseigentümergemeinschaft Ulmenweg 7");
    const italian = `Idraulica Neri s.r.l.\nVia Roma 3\n20100 Milano\nSpett.le\nCondominio Via Verdi 12\nc/o Studio Rossi\nVia Verdi 12\n20121 Milano\n${table}`;
    expect(partiesOf(italian).customer).toBe("Condominio Via Verdi 12");
  });

  it("the Italian e-invoice's party headings, Indonesian 'Tagih Ke', and number labels that are no names", () => {
    const italian = `Cedente/prestatore (fornitore) | Cessionario/committente (cliente)\nStudio Rossi & Bianchi | Immobiliare Il Faro S.r.l.\nIdentificativo fiscale ai fini IVA: IT01234567890 | Indirizzo: Via Roma 8\n${table}`;
    expect(partiesOf(italian)).toEqual({ vendor: "Studio Rossi & Bianchi", customer: "Immobiliare Il Faro S.r.l." });
    const indonesian = `PT Surya Elektrik\nTagih Ke | Kirim Ke\nCV Tani Makmur | Gudang CV Tani Makmur\nJl. Merdeka No. 4, Kendal 51311 | Desa Sukamaju\n${table}`;
    expect(partiesOf(indonesian).customer).toBe("CV Tani Makmur");
    const german = `Nordsee Messebau GmbH · Hafenkante 2 · 28217 Bremen | Rechnungs-Nr. | 2031-17\nRECHNUNGSADRESSE | Kunden-Nr. | 10457\nKaltenbach Pumpen AG | Ihre Bestell-Nr. | 4500091823\nIndustriestraße 12\n30855 Langenhagen\n${table}`;
    expect(partiesOf(german).customer).toBe("Kaltenbach Pumpen AG");
  });

  it("a salutation before the customer's name is not part of it", () => {
    expect(partiesOf(`TB. Maju Jaya\nKepada Yth.\nBpk. Agus Santoso\nPerum Griya Indah Blok B-2\n${table}`).customer).toBe("Agus Santoso");
    expect(partiesOf(`Schildersbedrijf De Kwast\nKlant:\nDhr. J. de Wit\nLaan 4\n3811 HR Amersfoort\n${table}`).customer).toBe("J. de Wit");
  });

  it("a brand over the full name that repeats it is that full name, not both", () =>
    expect(
      partiesOf(`Vetreria Lagunare\nVetreria Lagunare s.r.l.\nFondamenta Vetrai 12, 30141 Murano (VE)\nP.IVA 01234567890\n${table}`).vendor,
    ).toBe("Vetreria Lagunare s.r.l."));

  it("the customer's number label and a signature field name no customer", () => {
    const text = `Nº cliente C-0412\nObras Sur S.L. · Calle Luna 4 · 18001 Granada\nComunidad de Propietarios Calle Sol 9\nA/A D. Luis Vera\nCalle Sol 9\n18002 Granada\n${table}\nConforme cliente (firma y fecha):\nObras Sur S.L.`;
    expect(partiesOf(text).customer).toBe("Comunidad de Propietarios Calle Sol 9");
  });

  it("a care-of line keeps the address block whole under a sender line the postcode's country letter follows", () => {
    const text = `Muster Bau GmbH, Feldweg 3 , D-12345 Stuttgart\nKranich Media KG\nz.Hd. Herrn Vogel\nLindenstr. 12\n70173 Stuttgart\n${table}\nMuster Bau GmbH | Gerichtsstand Stuttgart | Volksbank Stuttgart\nFeldweg 3 | HRB 12345 | IBAN DE12 3456 7890 1234 5678 90`;
    expect(partiesOf(text).customer).toBe("Kranich Media KG");
  });
});

describe("the issuer's fullest printed name", () => {
  it("a brand over the company's full name is that company", () => {
    const text = `KESTREL\nkestrel@kestrelsigns.example · (937) 555-0101\nQuote # Q-77\nKestrel Sign Works, LLC\n88 Canal Road\nDayton, OH 45402\nBILL TO\nRiverside Diner\n${table}`;
    expect(partiesOf(text).vendor).toBe("Kestrel Sign Works, LLC");
  });

  it("the footer's fuller form of the letterhead's name, beside its tax number", () => {
    const text = `La Quercia Rossa\nVia dei Mulini 3\n50100 Firenze\nFattura n. 12/2031\n${table}\nFattoria La Quercia Rossa di Anna Neri · P.IVA 01234567890 · REA FI-123456`;
    expect(partiesOf(text).vendor).toBe("Fattoria La Quercia Rossa di Anna Neri");
  });

  it("a signer's role before the company's name is no fuller name", () => {
    const text = `Harbour Joinery Ltd\nUnit 4, Mill Estate\nFrome BA11 2RT\nQuotation No: Q-31\n${table}\nYours sincerely,\nTom Avery\nDirector, Harbour Joinery Ltd\nHarbour Joinery Ltd · Registered in England and Wales No. 08812345`;
    expect(partiesOf(text).vendor).toBe("Harbour Joinery Ltd");
  });

  it("a footer line leading with the name, its address and e-mail, over the registration line", () => {
    const text = `INVOICE\nInvoice number | INV-31\nBill to\nHarbour Dental Ltd\n${table}\nPayment within 30 days.\nThank you.\nOsprey Design Ltd · 4 Mill Row, York YO1 7HH · accounts@osprey.example · +44 1904 555 010\nRegistered in England & Wales No. 01234567 · VAT Reg. No. GB 123 4567 89`;
    expect(partiesOf(text).vendor).toBe("Osprey Design Ltd");
  });

  it("a sole trader's own name beside their registration, not a piece of the sentence above it", () => {
    const text = `FACTURE\nN° F-31\nClient : Café du Port\n${table}\nEn cas de retard, indemnité forfaitaire de 40 € (art. L441-10 du Code\nde commerce).\nLucie Martin — Entrepreneur individuel — SIRET 123 456 789 00012`;
    expect(partiesOf(text).vendor).toBe("Lucie Martin");
    for (const piece of ["de commerce).", "(Sherwin-Williams"]) expect(nameOf(piece)).toBeNull();
  });

  it("a customer label over the column beside the letterhead is not the letterhead's", () => {
    const doc = readDoc([
      {
        page: 1,
        text: "PREPARED FOR\nHeron Build Inc. | Sam Ode\n12 Dock Road, Hull HU1 2AB | 3 Elm Close\nGST No. 12345 6789 RT0001 | Leeds LS2 9ZZ",
        lines: [
          { cells: [cell("PREPARED FOR", 400, 480)], x0: 400, x1: 480, y0: 20, y1: 30 },
          { cells: [cell("Heron Build Inc.", 40, 140), cell("Sam Ode", 400, 450)], x0: 40, x1: 450, y0: 34, y1: 44 },
          { cells: [cell("12 Dock Road, Hull HU1 2AB", 40, 200), cell("3 Elm Close", 400, 460)], x0: 40, x1: 460, y0: 48, y1: 58 },
          { cells: [cell("GST No. 12345 6789 RT0001", 40, 190), cell("Leeds LS2 9ZZ", 400, 470)], x0: 40, x1: 470, y0: 62, y1: 72 },
        ],
      },
    ]);
    expect(parties(doc).vendor?.name).toBe("Heron Build Inc.");
  });
});

describe("the issuer's letterhead", () => {
  const line = (text: string, x0: number, x1: number, y: number) => ({
    cells: [{ text, x0, x1, y0: y, y1: y + 10 }],
    x0,
    x1,
    y0: y,
    y1: y + 10,
  });
  const pageOf = (rows: [string, number, number][]) => {
    const lines = rows.map(([text, x0, x1], i) => line(text, x0, x1, 20 + i * 14));
    return readDoc([{ page: 1, text: rows.map(([t]) => t).join("\n"), lines, width: 595, height: 842 }]);
  };

  it("a name set flush right over two lines, its legal form on the second; not the greeting, nor the place and date", () => {
    const doc = pageOf([
      ["Ingenieurbüro", 407, 525],
      ["Falkenrath UG (haftungsbeschränkt)", 366, 525],
      ["Lindenallee 42", 444, 525],
      ["04109 Leipzig", 451, 525],
      ["+49 341 55 21 07 90", 426, 525],
      ["Leipzig, den 3. Mai 2031 | Ust-IdNr. DE987654321", 71, 524],
      ["Sehr geehrte Frau Brandt!", 71, 240],
      ["Angebot", 71, 120],
    ]);
    expect(parties(doc).vendor?.name).toBe("Ingenieurbüro Falkenrath UG (haftungsbeschränkt)");
  });

  it("the window under a sender line holds the customer, even with an address the rules cannot read", () => {
    const doc = pageOf([
      ["Kranich Hosting AG - Am Deich 4 - D-21029 Hamburg", 71, 330],
      ["Lotus Trading Ltd.", 71, 160],
      ["3F Sai Kung Lau", 71, 150],
      ["Tsuen Wan, N.T.", 71, 150],
      ["Rechnung", 71, 120],
      ["Rechnungsnr. 55012", 71, 170],
    ]);
    expect(parties(doc).customer?.name).toBe("Lotus Trading Ltd.");
  });

  it("the issuer's contact column beside the sender line is not the window", () => {
    const sender = line("Kranich Hosting AG - Am Deich 4 - D-21029 Hamburg", 71, 330, 20);
    const lines = [
      { ...sender, cells: [...sender.cells, { text: "Ihr Kontakt:", x0: 400, x1: 470, y0: 20, y1: 30 }], x1: 470 },
      line("Kranich Hosting AG", 400, 500, 34),
      line("+49 40 5550 1234", 400, 490, 48),
      line("Rechnung", 71, 120, 90),
    ];
    const doc = readDoc([
      { page: 1, text: lines.map((l) => l.cells.map((c) => c.text).join(" | ")).join("\n"), lines, width: 595, height: 842 },
    ]);
    expect(parties(doc).customer?.name).toBeUndefined();
  });

  it("a title word set in the name's cell is not part of the name", () =>
    expect(nameOf("Lumiar Engenharia Acústica Ltda. Orçamento")).toBe("Lumiar Engenharia Acústica Ltda."));

  it("a signature over the footer is no issuer, and a tagline that reads like a sender line gives way to the company's", () => {
    const text = `Radwerk Aarau GmbH\nReparatur · Service · E-Bikes · Bahnhofweg 12, 5000 Aarau\nRadwerk Aarau GmbH, Bahnhofweg 12, 5000 Aarau\nHerrn\nLukas Meier\nRosenweg 5\n5000 Aarau\nKostenvoranschlag Nr. KV 31/08\n${table}\nFreundliche Grüsse\nUrs Keller, Werkstattleiter\nMWST-Nr. CHE-123.456.789 MWST | Tel. 062 555 40 17 | IBAN CH56 0079 0016 2358 4471 2`;
    expect(partiesOf(text)).toEqual({ vendor: "Radwerk Aarau GmbH", customer: "Lukas Meier" });
  });

  it("a salutation in its inflected forms is no party", () => {
    for (const greeting of ["Sehr geehrter Herr Braun", "Estimados señores", "Prezada cliente"]) expect(nameOf(greeting)).toBeNull();
  });
});

describe("the issuer by its domain", () => {
  it("the owner of the web site and e-mail at the head of a page that prints no name", () =>
    expect(partiesOf(`E-mail: info@velluto.it\nWeb: www.velluto.it\nTelefono: 02 8717 6149\nPreventivo\n${table}`).vendor).toBe("Velluto"));

  it("never a free-mail provider", () =>
    expect(partiesOf(`E-mail: studio.rossi@gmail.com\nTelefono: 02 8717 6149\nPreventivo\n${table}`).vendor).toBeNull());
});
