import { escapeRegExp } from "./text";
/**
 * Where a document comes from, as evidence for its currency ("$" in Singapore is SGD) and its
 * date order (03/04 is March 4th in the United States, April 3rd nearly everywhere else):
 * country names, phone prefixes, VAT id prefixes, US state + ZIP, Indian GSTIN, legal forms,
 * web domains and a few large cities. Returns ISO 3166 alpha-2 codes with their weight.
 */

// prettier-ignore
const NAMES: [string, string][] = [
  ["united states", "US"], ["usa", "US"], ["u.s.a", "US"], ["etats-unis", "US"], ["estados unidos", "US"], ["vereinigte staaten", "US"],
  ["canada", "CA"], ["mexico", "MX"], ["brasil", "BR"], ["brazil", "BR"], ["argentina", "AR"], ["chile", "CL"], ["colombia", "CO"],
  ["peru", "PE"], ["united kingdom", "GB"], ["england", "GB"], ["scotland", "GB"], ["royaume-uni", "GB"], ["ireland", "IE"],
  ["france", "FR"], ["deutschland", "DE"], ["germany", "DE"], ["allemagne", "DE"], ["alemania", "DE"], ["osterreich", "AT"],
  ["austria", "AT"], ["schweiz", "CH"], ["suisse", "CH"], ["switzerland", "CH"], ["svizzera", "CH"], ["nederland", "NL"],
  ["netherlands", "NL"], ["pays-bas", "NL"], ["belgique", "BE"], ["belgie", "BE"], ["belgium", "BE"], ["luxembourg", "LU"],
  ["espana", "ES"], ["spain", "ES"], ["espagne", "ES"], ["italia", "IT"], ["italy", "IT"], ["italie", "IT"], ["portugal", "PT"],
  ["polska", "PL"], ["poland", "PL"], ["sverige", "SE"], ["sweden", "SE"], ["norge", "NO"], ["norway", "NO"], ["danmark", "DK"],
  ["denmark", "DK"], ["suomi", "FI"], ["finland", "FI"], ["ceska", "CZ"], ["czech", "CZ"], ["magyarorszag", "HU"], ["hungary", "HU"],
  ["romania", "RO"], ["turkey", "TR"], ["turkiye", "TR"], ["russia", "RU"], ["india", "IN"], ["bharat", "IN"], ["pakistan", "PK"],
  ["sri lanka", "LK"], ["bangladesh", "BD"], ["nepal", "NP"], ["singapore", "SG"], ["malaysia", "MY"], ["indonesia", "ID"],
  ["thailand", "TH"], ["philippines", "PH"], ["vietnam", "VN"], ["viet nam", "VN"], ["china", "CN"], ["hong kong", "HK"],
  ["taiwan", "TW"], ["japan", "JP"], ["korea", "KR"], ["australia", "AU"], ["new zealand", "NZ"], ["south africa", "ZA"],
  ["nigeria", "NG"], ["kenya", "KE"], ["ghana", "GH"], ["egypt", "EG"], ["maroc", "MA"], ["morocco", "MA"], ["algerie", "DZ"],
  ["algeria", "DZ"], ["tunisie", "TN"], ["tunisia", "TN"], ["cote d'ivoire", "CI"], ["cote d’ivoire", "CI"], ["ivory coast", "CI"],
  ["senegal", "SN"], ["mali", "ML"], ["burkina faso", "BF"], ["benin", "BJ"], ["togo", "TG"], ["niger", "NE"], ["cameroun", "CM"],
  ["cameroon", "CM"], ["gabon", "GA"], ["congo", "CG"], ["tchad", "TD"], ["united arab emirates", "AE"], ["uae", "AE"],
  ["saudi arabia", "SA"], ["qatar", "QA"], ["kuwait", "KW"], ["israel", "IL"],
  ["abidjan", "CI"], ["dakar", "SN"], ["bamako", "ML"], ["ouagadougou", "BF"], ["cotonou", "BJ"], ["lome", "TG"], ["douala", "CM"],
  ["yaounde", "CM"], ["libreville", "GA"], ["alger", "DZ"], ["algiers", "DZ"], ["oran", "DZ"], ["constantine", "DZ"], ["tunis", "TN"],
  ["sfax", "TN"], ["casablanca", "MA"], ["rabat", "MA"], ["paris", "FR"], ["lyon", "FR"], ["marseille", "FR"], ["berlin", "DE"],
  ["munchen", "DE"], ["hamburg", "DE"], ["koln", "DE"], ["frankfurt", "DE"], ["stuttgart", "DE"], ["dusseldorf", "DE"], ["wien", "AT"],
  ["salzburg", "AT"], ["zurich", "CH"], ["geneve", "CH"], ["amsterdam", "NL"], ["rotterdam", "NL"], ["utrecht", "NL"],
  ["bruxelles", "BE"], ["brussel", "BE"], ["madrid", "ES"], ["barcelona", "ES"], ["roma", "IT"], ["milano", "IT"], ["lisboa", "PT"],
  ["jakarta", "ID"], ["surabaya", "ID"], ["bandung", "ID"], ["mumbai", "IN"], ["new delhi", "IN"], ["delhi", "IN"], ["bangalore", "IN"],
  ["bengaluru", "IN"], ["chennai", "IN"], ["kolkata", "IN"], ["hyderabad", "IN"], ["karachi", "PK"], ["lahore", "PK"], ["colombo", "LK"],
  ["kuala lumpur", "MY"], ["manila", "PH"], ["bangkok", "TH"], ["sydney", "AU"], ["melbourne", "AU"], ["toronto", "CA"],
  ["vancouver", "CA"], ["montreal", "CA"], ["johannesburg", "ZA"], ["cape town", "ZA"], ["lagos", "NG"], ["nairobi", "KE"],
  ["accra", "GH"], ["dubai", "AE"],
];

// prettier-ignore
const PHONE: [string, string][] = [
  ["1", "US"], ["44", "GB"], ["33", "FR"], ["49", "DE"], ["43", "AT"], ["41", "CH"], ["31", "NL"], ["32", "BE"], ["352", "LU"],
  ["34", "ES"], ["39", "IT"], ["351", "PT"], ["353", "IE"], ["48", "PL"], ["46", "SE"], ["47", "NO"], ["45", "DK"], ["358", "FI"],
  ["91", "IN"], ["92", "PK"], ["94", "LK"], ["65", "SG"], ["60", "MY"], ["62", "ID"], ["66", "TH"], ["63", "PH"], ["84", "VN"],
  ["86", "CN"], ["852", "HK"], ["81", "JP"], ["82", "KR"], ["61", "AU"], ["64", "NZ"], ["27", "ZA"], ["234", "NG"], ["254", "KE"],
  ["233", "GH"], ["20", "EG"], ["212", "MA"], ["213", "DZ"], ["216", "TN"], ["225", "CI"], ["221", "SN"], ["223", "ML"], ["226", "BF"],
  ["229", "BJ"], ["228", "TG"], ["237", "CM"], ["241", "GA"], ["971", "AE"], ["966", "SA"], ["55", "BR"], ["52", "MX"], ["54", "AR"],
  ["56", "CL"], ["57", "CO"], ["51", "PE"], ["90", "TR"], ["7", "RU"], ["972", "IL"],
];

// prettier-ignore
const TLD: [string, string][] = [
  ["de", "DE"], ["fr", "FR"], ["nl", "NL"], ["be", "BE"], ["at", "AT"], ["ch", "CH"], ["es", "ES"], ["it", "IT"], ["pt", "PT"],
  ["co.uk", "GB"], ["uk", "GB"], ["ie", "IE"], ["in", "IN"], ["co.in", "IN"], ["sg", "SG"], ["com.sg", "SG"], ["id", "ID"],
  ["co.id", "ID"], ["my", "MY"], ["com.au", "AU"], ["co.nz", "NZ"], ["co.za", "ZA"], ["ca", "CA"], ["com.br", "BR"], ["mx", "MX"],
  ["dz", "DZ"], ["tn", "TN"], ["ma", "MA"], ["ci", "CI"], ["sn", "SN"], ["cm", "CM"], ["pl", "PL"], ["se", "SE"], ["dk", "DK"],
  ["no", "NO"], ["fi", "FI"], ["lu", "LU"], ["hk", "HK"], ["ph", "PH"], ["ng", "NG"], ["ke", "KE"],
];

const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC";
const US_STATE_NAMES =
  "alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming";
const VAT_PREFIX = "DE|FR|NL|BE|AT|IT|ES|PT|GB|LU|IE|PL|SE|DK|FI|CZ|HU|RO|BG|GR|EL|SK|SI|HR|LT|LV|EE|CY|MT";

const LEGAL_FORMS: [RegExp, string, number][] = [
  [/\b(gmbh|ug \(haftungsbeschrankt\)|e\.k\.)(?![\p{L}])/u, "DE", 1],
  [/\b(sarl|sas|sasu|eurl)\b/, "FR", 1],
  [/\bb\.v\.|\bbv\b/, "NL", 1],
  [/\b(s\.r\.l\.|s\.p\.a\.|srl|spa)\b/, "IT", 1],
  [/\b(s\.l\.|s\.l\.u\.)(?![\p{L}])/u, "ES", 1],
  [/\b(lda)\b/, "PT", 1],
  [/\b(pvt\.? ltd|private limited)\b/, "IN", 2],
  [/\bpte\.? ltd\b/, "SG", 2],
  [/\bpty\.? ltd\b/, "AU", 2],
  [/\bsdn\.? bhd\b/, "MY", 2],
];

const NAME_RE = new RegExp(`(?<![\\p{L}])(${NAMES.map(([n]) => escapeRegExp(n)).join("|")})(?![\\p{L}])`, "gu");
const NAME = new Map(NAMES);
const PHONE_MAP = new Map(PHONE);
const TLD_MAP = new Map(TLD);

/** Country evidence in a text: `key` folded, `text` as written (codes are upper case). */
export function countries(text: string, key: string): Map<string, number> {
  const score = new Map<string, number>();
  const add = (country: string | undefined, weight: number) => {
    if (country) score.set(country, (score.get(country) ?? 0) + weight);
  };
  for (const m of key.matchAll(NAME_RE)) add(NAME.get(m[1]!), 1);
  // a whole number follows the prefix: "0071" is a document number, not a call to Russia
  for (const m of text.matchAll(/(?:\+|\b00)\s?(\d{1,3})(?=(?:[\s().-]*\d){6})/g)) {
    const digits = m[1]!;
    const code = [digits.slice(0, 3), digits.slice(0, 2), digits.slice(0, 1)].find((p) => PHONE_MAP.has(p));
    add(code ? PHONE_MAP.get(code) : undefined, 1);
  }
  for (const m of text.matchAll(new RegExp(`\\b(${VAT_PREFIX})\\s?(?:U\\d{8}|\\d[\\dA-Z ]{7,13})\\b`, "g")))
    add(m[1] === "EL" ? "GR" : m[1], 2);
  for (const _ of text.matchAll(new RegExp(`\\b(?:${US_STATES}),?\\s+\\d{5}(?:-\\d{4})?\\b`, "g"))) add("US", 2);
  // "Louisville, Kentucky 40232": a state written out, then its ZIP code
  for (const _ of key.matchAll(new RegExp(`(?<![\\p{L}])(?:${US_STATE_NAMES}),?\\s+\\d{5}(?:-\\d{4})?\\b`, "gu"))) add("US", 2);
  for (const _ of text.matchAll(/\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b/g)) add("IN", 3);
  for (const m of key.matchAll(/(?:www\.|@|https?:\/\/)[a-z0-9.-]+?\.((?:co|com)\.[a-z]{2}|[a-z]{2,3})\b/g)) add(TLD_MAP.get(m[1]!), 1);
  for (const [pattern, country, weight] of LEGAL_FORMS) if (weight > 0 && pattern.test(key)) add(country, weight);
  return score;
}

/** The most likely country, or undefined when nothing points anywhere. */
export function topCountry(score: Map<string, number>): string | undefined {
  let best: string | undefined;
  let max = 0;
  for (const [country, weight] of score)
    if (weight > max) {
      best = country;
      max = weight;
    }
  return best;
}
