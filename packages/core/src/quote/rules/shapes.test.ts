import { describe, expect, it } from "vitest";
import { numberStyle } from "../numbers";
import { analyzeByRules } from "./index";
import { spellsAmount } from "./totals";

/** Shapes of documents the rules were not written against, each read end to end. */
const read = (lines: string[]) => {
  const q = analyzeByRules({ pages: [{ page: 1, text: lines.join("\n") }], category: "vendor-quotes" }).quote!;
  return { ...q, items: q.lineItems.map((i) => [i.description, i.quantity, i.unitPrice, i.amount]) };
};

describe("documents in shapes the rules had not seen", () => {
  it("a total written out in words ends the table and is the total", () => {
    const q = read([
      "Kavya Hardware",
      "22 Station Road, Nashik 422001",
      "QUOTATION",
      "Quote No: KH/31/12",
      "S.No | Particulars | Qty | Rate | Amount",
      "1 | Steel rods | 100 | 55.00 | 5,500.00",
      "2 | Cement bags | 40 | 380.00 | 15,200.00",
      "CGST 9% | 1,863.00",
      "SGST 9% | 1,863.00",
      "Rupees Twenty Four Thousand Four Hundred Twenty Six Only | 24,426.00",
    ]);
    expect(q.items).toEqual([
      ["Steel rods", 100, 55, 5500],
      ["Cement bags", 40, 380, 15200],
    ]);
    expect({ tax: q.tax, total: q.total }).toEqual({ tax: 3726, total: 24426 });
  });

  it("Portuguese and Indonesian column titles: the unit price and the quantity are not swapped", () => {
    const pt = read([
      "Obras Serra Ltda",
      "ORÇAMENTO 51",
      "Item | Descrição | Qtd | Unitário | Valor",
      "1 | Cimento | 50 | 32,00 | 1.600,00",
      "2 | Areia | 10 | 120,00 | 1.200,00",
      "Total geral | R$ 2.800,00",
    ]);
    expect(pt.items).toEqual([
      ["Cimento", 50, 32, 1600],
      ["Areia", 10, 120, 1200],
    ]);
    const id = read([
      "UD Karya Mandiri",
      "PENAWARAN",
      "No | Uraian | Volume | Harga Satuan | Jumlah Harga",
      "1 | Cat tembok | 20 | 150.000 | 3.000.000",
      "2 | Kuas | 10 | 25.000 | 250.000",
      "Jumlah | Rp 3.250.000",
    ]);
    expect(id.items).toEqual([
      ["Cat tembok", 20, 150000, 3000000],
      ["Kuas", 10, 25000, 250000],
    ]);
    expect(id.total).toBe(3250000);
  });

  it("a document number beside the title, not a quantity of the item table under it", () => {
    const q = read([
      "Kessler Bau GmbH",
      "Industriestr. 4, 70565 Stuttgart",
      "Angebot | Nummer: 31/0042 | Datum: 03.04.2031",
      "Beschreibung | Menge | EP | GP",
      "Estrich | 120 | 24,00 | 2.880,00",
      "Gesamt | 2.880,00",
    ]);
    expect([q.quoteNumber, q.quoteDate]).toEqual(["31/0042", "2031-04-03"]);
  });
});

describe("the evidence behind the rules", () => {
  it.each([
    ["rupees twenty four thousand only", true],
    ["euro dreihundertfunfzig", true],
    ["duemilatrecento euro", true],
    ["tweeduizend vijfhonderd euro", true],
    ["sembilan juta lima ratus ribu rupiah", true],
    ["twenty four hour support", false],
    ["two-way radio, three bands", false],
    ["percentage centre", false],
  ])("%s spells an amount: %s", (text, expected) => expect(spellsAmount(text)).toBe(expected));

  it("numbers grouped twice with dots make the comma the decimal mark", () => {
    expect(numberStyle("Harga | 150.000\nTotal | 3.250.000").decimal).toBe(",");
    expect(numberStyle("Price | 150,000\nTotal | 3,250,000").decimal).toBe(".");
  });

  it('a customer label beside the issuer\'s name ("Offerte voor:") names the customer, and the issuer keeps its own column', () => {
    const q = read([
      "Atelier Noord | Offerte voor:",
      "Kadestraat 12 | Bakkerij Vermeer",
      "1011 AB Amsterdam | Dorpsstraat 3",
      "Tel: 020 123 45 67 | 2345 CD Lisse",
      "Offertedatum: | 02/06/2031",
      "Geldig t/m: | 30/06/2031",
      "Omschrijving | Aantal | Prijs | Bedrag",
      "Ovenreparatie | 1 | 400,00 | 400,00",
      "Totaal | 400,00",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName, validUntil: q.validUntil }).toEqual({
      vendor: "Atelier Noord",
      customer: "Bakkerij Vermeer",
      validUntil: "2031-06-30",
    });
  });

  it("an 'Attention:' line under the customer's address names a person there, not the customer", () => {
    const q = read([
      "QUOTATION",
      "Fernhill Joinery",
      "14 Mill Lane, Kendal",
      "United Kingdom",
      "Quote # FJ-208",
      "Harbourline Events Ltd",
      "Unit 7, Quay Street",
      "Bristol BS1 4DJ",
      "Attention: Priya Kapoor",
      "Description | Qty | Price | Amount",
      "Oak stage platform | 1 | 2,400.00 | 2,400.00",
      "TOTAL | 2,400.00",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({ vendor: "Fernhill Joinery", customer: "Harbourline Events Ltd" });
  });

  it("the person named as account holder runs the business in the letterhead: the business is the issuer", () => {
    const q = read([
      "QUOTATION",
      "Webcraft by Tomas Eriksen",
      "Storgata 5, Tromsø",
      "Norway",
      "Quote # WE-12",
      "Description | Qty | Price | Amount",
      "Website redesign | 1 | 3,000.00 | 3,000.00",
      "TOTAL | 3,000.00",
      "Bank details",
      "Account name: Tomas Eriksen",
      "IBAN: NO93 8601 1117 947",
    ]);
    expect(q.vendorName).toBe("Webcraft by Tomas Eriksen");
  });

  it("a tax summary by rate gives the subtotal and the tax by its arithmetic, whatever its labels say", () => {
    const q = read([
      "Kaasboerderij De Wei",
      "Factuur 2031-17",
      "Omschrijving | Aantal | Prijs | Bedrag",
      "Boerenkaas | 2 | 50,00 | 100,00",
      "Bezorging | 1 | 20,00 | 20,00",
      "BTW % | Grondslag | Heffing | Totaal",
      "9 % | 100,00 | 9,00 | 109,00",
      "21 % | 20,00 | 4,20 | 24,20",
      "Te betalen | 133,20",
    ]);
    expect({ subtotal: q.subtotal, tax: q.tax, total: q.total }).toEqual({ subtotal: 120, tax: 13.2, total: 133.2 });
  });

  it("a deposit of a share of the total is not a tax", () => {
    const q = read([
      "Atelier Brandt",
      "Angebot 88",
      "Beschreibung | Menge | Preis | Betrag",
      "Schrank | 1 | 1.000,00 | 1.000,00",
      "Gesamtbetrag | 1.000,00",
      "Anzahlung 30 % | 1.000,00 | 300,00",
    ]);
    expect({ tax: q.tax, total: q.total }).toEqual({ tax: null, total: 1000 });
  });

  it("a quantity column before the description, with whole-number prices: the prices stay prices", () => {
    const q = read([
      "PT Sinar Abadi",
      "Penawaran No. 31/SA/2031",
      "Qty | Uraian | Harga Satuan | Jumlah",
      "2 | Kursi kantor | 750.000 | 1.500.000",
      "1 | Meja rapat | 2.250.000 | 2.250.000",
      "Jumlah | 3.750.000",
    ]);
    expect(q.items).toEqual([
      ["Kursi kantor", 2, 750000, 1500000],
      ["Meja rapat", 1, 2250000, 2250000],
    ]);
  });

  it("a description whose first line sits above its numbers keeps that line", () => {
    const q = read([
      "Ferreira Obras Lda",
      "Orçamento 12/2031",
      "Descrição | Qtd | Preço | Total",
      "Reparação de fissuras | 3 | 80,00 | 240,00",
      "Pintura interior das salas",
      "e corredores, duas demãos | 1 | 1.200,00 | 1.200,00",
      "Total geral | 1.440,00",
    ]);
    expect(q.items).toEqual([
      ["Reparação de fissuras", 3, 80, 240],
      ["Pintura interior das salas e corredores, duas demãos", 1, 1200, 1200],
    ]);
  });

  it("amounts written with R$ are values, and an item number column stays out of the description", () => {
    const q = read([
      "Construtora Ipê Ltda",
      "Orçamento Nº 0457",
      "Item | Descrição | Qtde | Valor Unit. | Valor Total",
      "1 | Piso cerâmico | 40 | R$ 55,00 | R$ 2.200,00",
      "2 | Mão de obra | 1 | R$ 1.800,00 | R$ 1.800,00",
      "Total geral | R$ 4.000,00",
    ]);
    expect(q.items).toEqual([
      ["Piso cerâmico", 40, 55, 2200],
      ["Mão de obra", 1, 1800, 1800],
    ]);
  });

  it("'From:' and 'To:' lines that carry the address after the name", () => {
    const q = read([
      "QUOTATION",
      "From: Kestrel Audio Ltd, 5 Canal Walk, Leeds LS1 4AB",
      "To: Riverside Theatre Trust, 20 Bridge Rd, York YO1 6DD",
      "Quote no: KA-311",
      "Description | Qty | Unit price | Amount",
      "Line array speaker | 4 | £1,150.00 | £4,600.00",
      "Total | £4,600.00",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({
      vendor: "Kestrel Audio Ltd",
      customer: "Riverside Theatre Trust",
    });
  });

  it("Peruvian soles (S/) and IGV, and the French 'Doit :' naming the customer", () => {
    const pe = read([
      "Ferretería Cóndor S.A.C.",
      "COTIZACIÓN N° 000341",
      "Señores: Constructora Huáscar S.A.",
      "Cant. | Descripción | P. Unit. | Importe",
      "10 | Casco de seguridad | S/ 45.00 | S/ 450.00",
      "Sub Total | S/ 450.00",
      "IGV 18% | S/ 81.00",
      "Total | S/ 531.00",
    ]);
    expect({ currency: pe.currency, tax: pe.tax, items: pe.items }).toEqual({
      currency: "PEN",
      tax: 81,
      items: [["Casco de seguridad", 10, 45, 450]],
    });
    const fr = read([
      "Société Lagune Froid",
      "FACTURE PROFORMA N° 2031/118",
      "Doit : Hôtel Lagunaire",
      "Désignation | Qté | P.U | Montant",
      "Climatiseur | 4 | 350 000 | 1 400 000",
      "Total | 1 400 000",
    ]);
    expect(fr.customerName).toBe("Hôtel Lagunaire");
  });

  it("a salutation on its own line in the address window is not the customer's name", () => {
    const q = read([
      "Holzbau Seidel GmbH · Am Sägewerk 3 · 09111 Chemnitz",
      "Frau",
      "Petra Lang",
      "Lindenallee 8",
      "04109 Leipzig",
      "Angebot Nr. 2031-301",
      "Pos. | Beschreibung | Menge | Preis | Gesamt",
      "1 | Carport Fichte | 1 | 3.900,00 | 3.900,00",
      "Gesamtbetrag | 3.900,00",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({ vendor: "Holzbau Seidel GmbH", customer: "Petra Lang" });
  });

  it("the company signing under the closing formula is the issuer when nothing else names one", () => {
    const q = read([
      "Offerte",
      "Offertenummer: 2031-88",
      "Aan: Gemeente Zeewolde",
      "Omschrijving | Bedrag",
      "Onderhoud groen 2032 | € 12.400,00",
      "Totaal | € 12.400,00",
      "Met vriendelijke groet,",
      "Jan de Vries",
      "Hoveniersbedrijf De Linde B.V.",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({
      vendor: "Hoveniersbedrijf De Linde B.V.",
      customer: "Gemeente Zeewolde",
    });
  });

  it("a Portuguese addressee written 'Exmo. Sr.' and a net total written 's/ IVA'", () => {
    const q = read([
      "Obrigado pela oportunidade de orçamentar o seu projeto.",
      "Sol Nascente Energia Lda",
      "NIF 509876543",
      "Proposta n.º 12/2031",
      "Porto, 5 de março de 2031",
      "Exmo. Sr. Rui Matos",
      "Descrição | Qtd | Preço | Total",
      "Painel solar 400 W | 10 | 180,00 € | 1.800,00 €",
      "Inversor 5 kW | 1 | 900,00 € | 900,00 €",
      "Total s/ IVA | 2.700,00 €",
      "IVA 23% | 621,00 €",
      "Total c/ IVA | 3.321,00 €",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({ vendor: "Sol Nascente Energia Lda", customer: "Rui Matos" });
    expect({ subtotal: q.subtotal, tax: q.tax, total: q.total }).toEqual({ subtotal: 2700, tax: 621, total: 3321 });
  });

  it("an issuer named only by its web domain is written as a name", () => {
    const q = read([
      "QUOTATION",
      "www.hillside-joinery.co.uk",
      "Quote No: 4471",
      "Prepared for: Maple Court Residents",
      "Description | Qty | Price | Total",
      "Oak handrail | 1 | 640.00 | 640.00",
      "Total | £640.00",
    ]);
    expect(q.vendorName).toBe("Hillside Joinery");
  });

  it("a name with its tax id on the same line, and a customer whose legal form reads like a state code", () => {
    const q = read([
      "Climatiza Serviços Ltda - CNPJ 12.345.678/0001-90",
      "Rua das Flores, 100 - São Paulo/SP",
      "ORÇAMENTO Nº 0321",
      "Data: 10/06/2031",
      "Cliente: Padaria Pão Quente ME",
      "Descrição | Qtde | Valor Unit. | Valor Total",
      "Instalação | 3 | R$ 450,00 | R$ 1.350,00",
      "Total | R$ 1.350,00",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({
      vendor: "Climatiza Serviços Ltda",
      customer: "Padaria Pão Quente ME",
    });
  });

  it("lines written as calculations: the sign is the evidence, the words above describe a bare one", () => {
    const q = read([
      "Brightline Electrical Ltd",
      "Unit 7, Riverside Park, Leeds LS10 1AB",
      "ESTIMATE",
      "Estimate #: 1042",
      "Supply and fit 12 LED panels",
      "12 x £45.00 | £540.00",
      "Call-out | £850.00 | 1 × £850.00",
      "Subtotal | £1,390.00",
      "VAT @ 20% | £278.00",
      "Total | £1,668.00",
    ]);
    expect(q.items).toEqual([
      ["Supply and fit 12 LED panels", 12, 45, 540],
      ["Call-out", 1, 850, 850],
    ]);
    const de = read([
      "Ingenieurbüro Falk",
      "Angebot 7",
      "Montage | 1.560,00 € | 65,00 € * 24 h",
      "zzgl. 19% MwSt. | 296,40 €",
      "Gesamt | 1.856,40 €",
    ]);
    expect(de.items).toEqual([["Montage", 24, 65, 1560]]);
    expect(de.total).toBe(1856.4);
  });

  it("a quantity written with its packaging word ('50 sak', '30 bars') stays the quantity", () => {
    const id = read([
      "Toko Bangunan Sentosa",
      "NOTA",
      "Keterangan | Banyaknya | Harga | Jumlah",
      "Semen 40kg | 50 sak | 62.000 | 3.100.000",
      "Besi beton 10mm | 30 btg | 78.500 | 2.355.000",
      "Total | 5.455.000",
    ]);
    expect(id.items).toEqual([
      ["Semen 40kg", 50, 62000, 3100000],
      ["Besi beton 10mm", 30, 78500, 2355000],
    ]);
    const en = read([
      "Northgate Supplies Ltd",
      "QUOTE",
      "Description | Qty | Price | Amount",
      "Cement | 50 bags | 6.20 | 310.00",
      "Rebar | 30 bars | 7.85 | 235.50",
      "Total | 545.50",
    ]);
    expect(en.items).toEqual([
      ["Cement", 50, 6.2, 310],
      ["Rebar", 30, 7.85, 235.5],
    ]);
  });

  it("rows numbered in a cell of their own, under no column titles, are described without their number", () => {
    const q = read([
      "PT. Cahaya Digital Nusantara",
      "SURAT PENAWARAN HARGA",
      "1 | Lisensi perangkat lunak | 25 | 2.150.000 | 53.750.000",
      "2 | Jasa instalasi dan migrasi | 1 | 7.500.000 | 7.500.000",
      "Jumlah | 61.250.000",
    ]);
    expect(q.items).toEqual([
      ["Lisensi perangkat lunak", 25, 2150000, 53750000],
      ["Jasa instalasi dan migrasi", 1, 7500000, 7500000],
    ]);
  });

  it("a row labelled by a rate alone is the tax when its amount is that rate of the sum above", () => {
    const q = read([
      "Talleres Ortega",
      "Presupuesto: 77/2031",
      "Concepto | Cantidad | Precio | Importe",
      "Pastillas de freno | 2 | 48,00 | 96,00",
      "Mano de obra | 1,5 | 40,00 | 60,00",
      "Suma | 156,00",
      "21% | 32,76",
      "Total a pagar | 188,76",
    ]);
    expect({ subtotal: q.subtotal, tax: q.tax, total: q.total }).toEqual({ subtotal: 156, tax: 32.76, total: 188.76 });
  });

  it("an Italian addressee written 'Gent.mo Sig.' is the customer, not the city of the date line", () => {
    const q = read([
      "Idraulica Ferri di Marco Ferri",
      "Via Garibaldi 12 - 40121 Bologna",
      "P.IVA 02345678901 - Tel. 051 123456",
      "Bologna, 15/03/2031",
      "Gent.mo Sig. Paolo Neri",
      "Via Indipendenza 40",
      "40121 Bologna",
      "Oggetto: preventivo n. 31/2031",
      "Manodopera | 6 | 40,00 | 240,00",
      "Totale | 240,00",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({
      vendor: "Idraulica Ferri di Marco Ferri",
      customer: "Paolo Neri",
    });
  });

  it("an issuer named nowhere but in a contact e-mail address at the foot is named by its domain", () => {
    const q = read([
      "INVOICE",
      "Invoice no. 0932",
      "Billed to: Marlow Bakery Ltd, 3 High St, Marlow SL7 1AB",
      "Item | Qty | Price | Total",
      "Website maintenance | 1 | £250.00 | £250.00",
      "Total due | £250.00",
      "Questions? Email accounts@pixelforge-studio.co.uk",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({ vendor: "Pixelforge Studio", customer: "Marlow Bakery Ltd" });
  });
});

describe("more shapes: parties and rows the letterhead rules had mistaken", () => {
  it("'From | To' columns name both parties; a document number starting with 00 is not a phone prefix", () => {
    const q = read([
      "Estimate",
      "From | To",
      "Quill & Co Design | Lantern Bakery",
      "12 Alder St, Salem OR | 88 Dock Ave, Salem OR",
      "Estimate No. | 0031",
      "Date | 05/09/2032",
      "DESCRIPTION | HOURS | RATE | AMOUNT",
      "Menu layout | 10 | 70.00 | 700.00",
      "Signage | 4 | 70.00 | 280.00",
      "TOTAL | $980.00",
    ]);
    // dollars and no other evidence: month first
    expect({ vendor: q.vendorName, customer: q.customerName, date: q.quoteDate }).toEqual({
      vendor: "Quill & Co Design",
      customer: "Lantern Bakery",
      date: "2032-05-09",
    });
  });

  it("a company right under the title is the issuer even when a sentence opens the page", () => {
    const q = read([
      "We appreciate the chance to price your project.",
      "ESTIMATE",
      "Bluegate Paving LLC",
      "Customer: Maple Court Owners",
      "Estimate Number: 2210",
      "Driveway resurfacing | 1 | 4,800.00 | 4,800.00",
      "Edging | 60 | 12.00 | 720.00",
      "Total | 5,520.00",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({ vendor: "Bluegate Paving LLC", customer: "Maple Court Owners" });
  });

  it("item rows without a header are items, not the letterhead; a delivery row with its quantity and price is an item", () => {
    const q = read([
      "Dear Ms. Varga,",
      "Further to your visit, we are pleased to quote as follows:",
      "Oak dining tables, 8 seats | 6 | 640.00 | 3,840.00",
      "Delivery and installation | 1 | 180.00 | 180.00",
      "Total excluding VAT | 4,020.00",
      "Yours sincerely,",
      "Kestrel Joinery Ltd",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName }).toEqual({ vendor: "Kestrel Joinery Ltd", customer: null });
    expect(q.items).toEqual([
      ["Oak dining tables, 8 seats", 6, 640, 3840],
      ["Delivery and installation", 1, 180, 180],
    ]);
    const de = read([
      "Angebot",
      "Nr. 32-0077",
      "Sehr geehrte Damen und Herren,",
      "gerne bieten wir Ihnen an:",
      "Dachrinne erneuern | 24 m | 38,00 € | 912,00 €",
      "Fallrohr | 2 Stk | 95,00 € | 190,00 €",
      "Summe netto | 1.102,00 €",
      "Mit freundlichen Grüßen",
      "Spenglerei Auer GmbH",
    ]);
    expect({ vendor: de.vendorName, customer: de.customerName }).toEqual({ vendor: "Spenglerei Auer GmbH", customer: null });
  });

  it("an Italian VAT number (P.IVA) is not the tax, and the footer's name with it is the issuer", () => {
    const q = read([
      "PREVENTIVO",
      "Descrizione | Q.tà | Prezzo | Importo",
      "Tinteggiatura pareti | 120 | 8,00 | 960,00",
      "Totale | 960,00",
      "Decorazioni Ferro s.n.c. - P.IVA 04567891230",
    ]);
    expect({ vendor: q.vendorName, tax: q.tax, total: q.total }).toEqual({ vendor: "Decorazioni Ferro s.n.c.", tax: null, total: 960 });
  });

  it("a web address over the company's name, and English dates in euros read day first", () => {
    const q = read([
      "www.harbour-pumps.com",
      "Harbour Pumps",
      "Quotation",
      "Quotation no. 7710",
      "Date: 03/11/2032",
      "Description | Qty | Unit price | Net",
      "Bilge pump | 2 | 210.00 | 420.00",
      "Total EUR | 420.00",
    ]);
    expect({ vendor: q.vendorName, date: q.quoteDate }).toEqual({ vendor: "Harbour Pumps", date: "2032-11-03" });
  });

  it("'Receptor:' and 'Exmo(s). Sr(s).' name the customer; a label's value is never read inside the item table", () => {
    const es = read([
      "Talleres Vidal S.A.",
      "Receptor: Frutas Oliva S.L.",
      "Concepto | Cantidad | Precio | Importe",
      "Revisión | 1 | 90,00 | 90,00",
      "Total | 90,00",
    ]);
    expect(es.customerName).toBe("Frutas Oliva S.L.");
    const pt = read([
      "Pinturas Neves, Lda",
      "Exmo(s). Sr(s).",
      "Condomínio Sol Nascente",
      "ORÇAMENTO Nº 88",
      "Descrição | Quant. | Preço | Total",
      "Pintura | 1 | 700,00 € | 700,00 €",
      "Total | 700,00 €",
    ]);
    expect(pt.customerName).toBe("Condomínio Sol Nascente");
    const empty = read([
      "Talleres Vidal S.A.",
      "Cliente:",
      "Concepto | Cantidad | Precio | Importe",
      "Revisión completa | 1 | 90,00 | 90,00",
      "Total | 90,00",
    ]);
    expect(empty.customerName).not.toBe("Revisión completa");
  });

  it("a subtotal word inside a longer total phrase ('Jumlah yang harus dibayar') names the total, and 'Jumlah Total' under tax is the base", () => {
    const q = read([
      "CV Sinar Terang",
      "Penawaran 14",
      "Uraian | Qty | Harga | Jumlah",
      "Servis AC | 3 | 150.000 | 450.000",
      "Jumlah Total | 450.000",
      "PPN 11% | 49.500",
      "Jumlah yang harus dibayar | 499.500",
    ]);
    expect({ subtotal: q.subtotal, tax: q.tax, total: q.total }).toEqual({ subtotal: 450000, tax: 49500, total: 499500 });
  });

  it("amounts printed without labels under the items: the items' sum is the subtotal when the tax makes it the total", () => {
    const q = read([
      "Harlow Print Ltd",
      "Quotation HP-5",
      "Description | Qty | Price | Amount",
      "Flyers A5 | 1000 | 0.12 | 120.00",
      "Posters A2 | 10 | 4.50 | 45.00",
      "165.00",
      "VAT 20% | 33.00",
      "198.00",
    ]);
    expect({ subtotal: q.subtotal, tax: q.tax, total: q.total }).toEqual({ subtotal: 165, tax: 33, total: 198 });
  });
});

describe("issuers named in the page's small print", () => {
  const body = [
    "QUOTE 5120",
    "Customer: Ida Marsh",
    "Description | Qty | Price | Amount",
    "Lettering | 3 | 40.00 | 120.00",
    "Total | 120.00",
  ];

  it("a copyright line names its owner", () => {
    expect(read([...body, "© 2032 Saltmarsh Graphics Ltd. All rights reserved."]).vendorName).toBe("Saltmarsh Graphics Ltd");
  });

  it("a registration sentence keeps the name's legal form", () => {
    const q = read([...body, "Saltmarsh Graphics Ltd is registered in England and Wales, company no. 07654321."]);
    expect(q.vendorName).toBe("Saltmarsh Graphics Ltd");
  });

  it("a company among the fields of a registration footer", () => {
    const q = read([...body, "Sitz: Kassel | Amtsgericht Kassel HRB 4321 | Geschäftsführerin: Eva Lenz | Salzwiese Grafik GmbH"]);
    expect(q.vendorName).toBe("Salzwiese Grafik GmbH");
  });

  it("a name whose digit is part of a word ('Atelier 3D et découpe') is a name; a phrase with a number is not", () => {
    const q = read([
      "Menuiserie Vallon SARL",
      "Facturé à | Devis n° 88",
      "Atelier 3D et découpe | Date 04/05/2032",
      "Désignation | Qté | PU HT | Montant HT",
      "Plateau chêne | 2 | 150,00 | 300,00",
      "Total HT | 300,00",
    ]);
    expect(q.customerName).toBe("Atelier 3D et découpe");
    const phrase = read(["Menuiserie Vallon SARL", "Client :", "Valable 30 jours à compter de ce jour", "Total HT | 300,00"]);
    expect(phrase.customerName).toBeNull();
  });
});

describe("more shapes: totals, kinds, forms and letters", () => {
  it("a total of quantities or weight is no money total", () => {
    const q = read([
      "Purchase Order #: 77-104",
      "Qty | Description | Weight",
      "2 | Angle bracket | 12.50lb",
      "3 | Base plate | 30.00lb",
      "Total Qty on PO | 5 | Total Weight on PO | 42.50lb",
    ]);
    expect(q.total).toBeNull();
    const de = read([
      "Angebot 12",
      "Artikel | Menge | Preis | Betrag",
      "Schraube | 100 | 0,10 | 10,00",
      "Gesamtmenge | 100",
      "Summe | 10,00",
    ]);
    expect(de.total).toBe(10);
  });

  it("the file's name tells the kind of a document whose title is a picture; a printed title outweighs it", () => {
    const lines = ["Stampa Veloce srl", "Prezzo unitario: | € 2,10", "Totale pezzi: | 200", "Prezzo totale: | € 420,00"];
    const kind = (fileName: string, text = lines) =>
      analyzeByRules({ pages: [{ page: 1, text: text.join("\n") }], fileName, category: "vendor-quotes" }).documentType;
    expect(kind("Preventivo_magliette_2032.pdf")).toBe("quote");
    expect(kind("Fattura_2032_118.pdf")).toBe("invoice");
    expect(kind("Preventivo_magliette_2032.pdf", ["FATTURA N. 12", ...lines])).toBe("invoice");
  });

  it("a US state written out with its ZIP code makes '$' dollars and dates month first", () => {
    const q = read([
      "Ridgeway Surveys Inc.",
      "210 Main Street, Louisville, Kentucky 40202",
      "Branch offices: Toronto · Mexico City · London",
      "Invoice 5521",
      "Date: 04/03/2032",
      "Boundary survey | $1,250.00",
      "Total | $1,250.00",
    ]);
    expect({ currency: q.currency, date: q.quoteDate }).toEqual({ currency: "USD", date: "2032-04-03" });
  });

  it("labels whose colons are set in a column of their own ('Pembeli | : CV ...'), and column titles that label no field", () => {
    const q = read([
      "PT Cahaya Abadi",
      "FAKTUR",
      "No | : 0042/FKT/2032",
      "Pembeli | : CV Sumber Rejeki",
      "Alamat | : Jl. Pemuda 8, Semarang",
      "No | Nama Barang | Qty | Harga | Jumlah",
      "1 | Kertas A4 | 10 | 45.000 | 450.000",
      "Total | 450.000",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName, number: q.quoteNumber }).toEqual({
      vendor: "PT Cahaya Abadi",
      customer: "CV Sumber Rejeki",
      number: "0042/FKT/2032",
    });
    const letter = read([
      "Kepada Yth.",
      "Nama | : Bapak Hendra",
      "Perusahaan | : PT Graha Konstruksi",
      "PENAWARAN HARGA",
      "No | Uraian | Qty | Harga | Jumlah",
      "1 | Semen | 10 | 65.000 | 650.000",
      "Total | 650.000",
      "Hormat kami,",
      "CV Bangun Jaya",
    ]);
    // the company over its contact person; the item's row number is no document number
    expect({ customer: letter.customerName, number: letter.quoteNumber }).toEqual({ customer: "PT Graha Konstruksi", number: null });
  });

  it("a letter-style offer: the signing business its domain spells, work items under 'Werkzaamheden', and 'Ons kenmerk' as its number", () => {
    const q = read([
      "OFFERTE",
      "Datum: 5 maart 2032",
      "Ons kenmerk: 2032-0417",
      "Geachte heer Kok,",
      "Hierbij ontvangt u onze offerte voor het stucwerk in uw woning.",
      "Werkzaamheden | Bedrag",
      "Stucwerk plafonds | € 1.850,00",
      "Materialen | € 240,00",
      "Totaal excl. btw | € 2.090,00",
      "Met vriendelijke groet,",
      "Stukadoorsbedrijf Meijer",
      "Veldweg 9, 3771 AB Barneveld",
      "info@stukadoorsbedrijfmeijer.nl",
    ]);
    expect({ vendor: q.vendorName, customer: q.customerName, number: q.quoteNumber }).toEqual({
      vendor: "Stukadoorsbedrijf Meijer",
      customer: null,
      number: "2032-0417",
    });
    expect(q.items.map((i) => i[0])).toEqual(["Stucwerk plafonds", "Materialen"]);
  });

  it("a free line among priced rows without a header is an item", () => {
    const q = read([
      "Tidewater Audio Ltd",
      "Quote 3310",
      "Mixing desk hire | 2 | 120.00 | 240.00",
      "Delivery within town (no charge) | 1 | 0.00 | 0.00",
      "Sound engineer | 2 | 300.00 | 600.00",
      "Total | 840.00",
    ]);
    expect(q.items).toEqual([
      ["Mixing desk hire", 2, 120, 240],
      ["Delivery within town (no charge)", 1, 0, 0],
      ["Sound engineer", 2, 300, 600],
    ]);
  });
});

describe("more shapes: a serial-numbered invoice, a money column's title, lines at no charge", () => {
  it("'Nomor Seri Tagihan' names the invoice's number, and '(Rp)' in a long column title its currency", () => {
    const q = read([
      "PT Lintas Cahaya Abadi",
      "Jl. Cempaka No. 7, Surabaya",
      "TAGIHAN",
      "Kode dan Nomor Seri Tagihan : 041.207-31.00004571",
      "Tanggal : 09/06/2031",
      "No. | Uraian pekerjaan | Nilai Pekerjaan dan Bahan yang Terpasang (Rp)",
      "1 | Pemasangan panel surya | 18.400.000,00",
      "2 | Kabel dan konektor | 1.600.000,00",
      "Jumlah | 20.000.000,00",
    ]);
    expect(q.quoteNumber).toBe("041.207-31.00004571");
    expect(q.currency).toBe("IDR");
  });

  it("a serial number of goods is not the document's number", () => {
    const q = read(["Rechnung R-7712", "Seriennummer: 55-AX-9981", "Summe | 120,00 €"]);
    expect(q.quoteNumber).toBe("R-7712");
  });

  it("a line whose price cells say it is included is a line item, without an amount", () => {
    const q = read([
      "Harbour Glazing Ltd",
      "QUOTE 7702",
      "Customer: Tom Reyes",
      "Description | Qty | Price | Amount",
      "Double glazed unit | 3 | 220.00 | 660.00",
      "Removal of old frames | 1 | included | included",
      "Sealant and trims | 1 | 45.00 | 45.00",
      "Total | 705.00",
    ]);
    expect(q.items).toEqual([
      ["Double glazed unit", 3, 220, 660],
      ["Removal of old frames", 1, null, null],
      ["Sealant and trims", 1, 45, 45],
    ]);
    expect(q.total).toBe(705);
  });

  it("a customer's name with its address on the same line is the name alone, whatever separates them", () => {
    const customer = (line: string) =>
      read(["Harbour Glazing Ltd", "QUOTE 7702", line, "Description | Amount", "Glazing | 660.00", "Total | 660.00"]).customerName;
    expect(customer("Bill to: Osprey Dental, 14 Mill Row, Whitby")).toBe("Osprey Dental");
    expect(customer("Customer: Osprey Dental Ltd - 14 Mill Row - Whitby")).toBe("Osprey Dental Ltd");
    expect(customer("Customer: Osprey Dental Ltd · 14 Mill Row, Whitby YO21 3AB")).toBe("Osprey Dental Ltd");
    // a name that holds a dash keeps it
    expect(customer("Customer: Osprey - Dental Care")).toBe("Osprey - Dental Care");
  });
});
