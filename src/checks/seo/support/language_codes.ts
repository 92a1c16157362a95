// Language and region codes as data (ISO 639-1, ISO 3166-1 alpha-2), and the two validators built on
// them: the HTML lang attribute (BCP 47 shape) and hreflang values (Google's documented subset).
// The lists are embedded, not taken from the runtime's ICU, so verdicts never change with Node versions.

// ISO 639-1, plus deprecated codes still met in the wild and accepted by browsers (iw, in, ji, jw, mo, sh).
const ISO_639_1 = new Set(
  ('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el ' +
    'en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ' +
    'ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na ' +
    'nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so ' +
    'sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu ' +
    'iw in ji jw mo sh').split(' '),
);

// ISO 3166-1 alpha-2, plus XK (Kosovo, user-assigned but universally used). Note: "UK" is not a code; GB is.
const ISO_3166_1 = new Set(
  ('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
    'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
    'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
    'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
    'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
    'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK').split(' '),
);

// RFC 5646 §2.1 langtag: language(-extlang)(-script)(-region)(-variant)*(-extension)*(-privateuse)
const LANGTAG =
  /^([a-z]{2,3})(?:-[a-z]{3}){0,3}(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$/i;
const PRIVATE_OR_GRANDFATHERED = /^(?:x(?:-[a-z\d]{1,8})+|i-[a-z]{2,8}|art-lojban|cel-gaulish|en-gb-oed|zh-(?:guoyu|hakka|min|min-nan|xiang))$/i;

/**
 * Why an HTML lang value is not a valid BCP 47 tag, or null when it is. Two-letter languages and
 * regions are checked against ISO 639-1 and ISO 3166-1 (so "en_US", "english" and "en-UK" fail).
 */
export function langTagProblem(raw: string): string | null {
  // Browsers and assistive technology trim the attribute, so surrounding spaces are harmless here.
  const tag = raw.trim();
  if (PRIVATE_OR_GRANDFATHERED.test(tag)) return null;
  const m = LANGTAG.exec(tag);
  if (!m) return tag.includes('_') ? 'uses "_" where BCP 47 uses "-"' : 'is not a BCP 47 language tag';
  const [, language, , region] = m;
  if (language!.length === 2 && !ISO_639_1.has(language!.toLowerCase())) return `"${language}" is not an ISO 639-1 language code`;
  if (region && /^[a-z]{2}$/i.test(region) && !ISO_3166_1.has(region.toUpperCase())) return `"${region}" is not an ISO 3166-1 region code`;
  return null;
}

/**
 * Why an hreflang value is invalid for Google, or null when valid. Google accepts "x-default" or an
 * ISO 639-1 language, optionally a script, optionally an ISO 3166-1 alpha-2 region (not UN M.49 numbers).
 * Three-letter ISO 639-2/3 languages (fil, yue) are not in Google's text but are let through: without
 * the full registry they cannot be told from typos, and a false alarm costs more than a miss here.
 */
export function hreflangProblem(value: string): string | null {
  if (value !== value.trim()) return 'has surrounding spaces';
  if (value.toLowerCase() === 'x-default') return null;
  const m = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z\d]{2,3}))?$/i.exec(value);
  if (!m) return value.includes('_') ? 'uses "_" where hreflang uses "-"' : 'is not language[-script][-region]';
  const [, language, , region] = m;
  if (language!.length === 2 && !ISO_639_1.has(language!.toLowerCase())) return `"${language}" is not an ISO 639-1 language code`;
  if (region && !ISO_3166_1.has(region.toUpperCase())) return `"${region}" is not an ISO 3166-1 alpha-2 region code`;
  return null;
}
