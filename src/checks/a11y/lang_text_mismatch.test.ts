import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './lang_text_mismatch.js';
import { declaredLanguage, languageMismatch, languageName, samples } from './support/text-language.js';

// Prose as a page's main content reads, several hundred characters each (written for this test).
const PROSE = {
  en: 'Getting started. This guide walks you through installing the command line tool, creating your first project and publishing it. You will need a recent version of Node installed on your computer. Open a terminal and run the install command shown below, then check that everything works by printing the version. If you run into problems, the troubleshooting page lists the most common errors and how to solve them. Configuration lives in a single file at the root of your project.',
  fr: "Bienvenue sur le site de notre association. Nous organisons des ateliers pour les enfants et les adultes tout au long de l'année, dans la salle municipale et en plein air quand le temps le permet. Les inscriptions ouvrent en septembre et se font en ligne ou à la permanence du mercredi. Pour toute question sur les tarifs, les horaires ou les activités proposées, contactez-nous par courriel ou par téléphone : nous vous répondrons dans les meilleurs délais.",
  es: 'Somos una empresa familiar dedicada a la fabricación de muebles a medida desde hace más de treinta años. Trabajamos con maderas de origen certificado y cada pieza se termina a mano en nuestro taller. Visite nuestra exposición de lunes a sábado o solicite un presupuesto sin compromiso a través del formulario de contacto. Realizamos envíos a toda la península y ofrecemos montaje gratuito en la provincia.',
  de: 'Willkommen auf unserer Webseite. Wir sind ein Familienunternehmen, das seit über dreißig Jahren Möbel nach Maß herstellt. Jedes Stück wird in unserer Werkstatt von Hand gefertigt und geprüft, bevor es das Haus verlässt. Besuchen Sie unsere Ausstellung von Montag bis Samstag oder fordern Sie über das Kontaktformular ein unverbindliches Angebot an. Wir liefern in ganz Deutschland und übernehmen auf Wunsch auch die Montage.',
  pt: 'Somos uma empresa familiar dedicada à fabricação de móveis sob medida há mais de trinta anos. Trabalhamos com madeira de origem certificada e cada peça é acabada à mão na nossa oficina. Visite a nossa loja de segunda a sábado ou peça um orçamento sem compromisso através do formulário de contacto. Fazemos entregas em todo o país e a montagem é gratuita na região.',
  zh: '欢迎来到我的博客。这里记录了我学习前端开发的过程，包括JavaScript、CSS和一些框架的使用心得。最近在研究如何提高网页的加载速度，也整理了一些关于图片压缩和缓存策略的笔记。如果你也在学习这些内容，希望这些文章对你有所帮助。有任何问题欢迎在评论区留言，我会尽快回复。周末的时候我还会写一些读书笔记和生活随笔，记录每一次的成长与收获。',
  gl: 'Benvidos á nosa páxina. Somos unha empresa familiar adicada á fabricación de mobles a medida dende hai máis de trinta anos. Traballamos con madeiras de orixe certificada e cada peza remátase a man no noso obradoiro. Visite a nosa exposición de luns a sábado ou solicite un orzamento sen compromiso a través do formulario de contacto. Facemos envíos a toda Galicia e a montaxe é gratuíta na provincia.',
  da: 'Velkommen til vores hjemmeside. Vi er en familievirksomhed, der i mere end tredive år har lavet møbler efter mål. Hvert stykke bliver lavet i hånden på vores værksted og kontrolleret, før det forlader huset. Besøg vores udstilling fra mandag til lørdag, eller bed om et uforpligtende tilbud via kontaktformularen. Vi leverer i hele landet og sørger gerne for montering.',
};
// A reference page in Japanese whose key names sit in plain table cells, not <code> (a Hugo docs site's Xresources page).
const JA_REFERENCE =
  'Xresources 主なキー キー 概要 gtk.theme_name GTKテーマ gtk.icon_theme_name GTKアイコンテーマ gnome.terminal.audible-bell gnome-terminalのベルを有効にする wm.client.focused.color.background フォーカスされたウィンドウの背景色 wm.client.focused.color.border フォーカスされたウィンドウの枠線の色 wm.client.unfocused.color.background フォーカスされていないウィンドウの背景色 wm.gaps.inner.size ウィンドウ間の隙間 wm.gaps.outer.size 画面端との隙間 i3xrocks.label.battery バッテリーのラベル i3xrocks.label.time 時刻のラベル';
// A faculty directory: people's names under a few headings (names written for this test).
const NAMES =
  'Faculty Okonkwo Chidi Nwosu Amadou Diallo Kenneth Oyelaran Dalia Caraballo Muller Atri Rudra Melanie Sage Nitya Cohen Krithika Raj Dorai Raj Jesus Alvarado Ngozi Adeyemi Babajide Olatunji Kwame Mensah Siddharth Iyer Fatima Bello Aisha Abubakar Yusuf Ibrahim Lerato Dlamini Oluwaseun Bankole Ifeoma Eze Thandiwe Ndlovu Sipho Khumalo Tomasz Kowalski Agnieszka Nowak Hiroshi Tanaka Mei Lin Zhou Ahmed Hassan Omar Farouk Ingrid Johansson Lars Nilsson Sofia Rossi Luca Bianchi';
const CODE_HEAVY =
  'Returns the user with the given id. getUserById(id: string): Promise<User> Parameters id string The identifier. Returns Promise<User> Throws NotFoundError when no user has that id. Example const user = await client.users.getUserById("42"); console.log(user.name); See also listUsers, createUser, deleteUser. Since 2.3.0. Defined in src/users/client.ts:118.';

const site = (...pages: { lang: string | null; prose?: string }[]) =>
  makeBundle({ pages: pages.map((p, i) => makePage({ url: `https://example.com/${i || ''}`, depth: i ? 1 : 0, dom: makeDom({ lang: p.lang, ...(p.prose ? { prose: p.prose } : {}) }) })) });

describe('a11y.lang_text_mismatch', () => {
  const passing = [
    ['a realistic healthy site', realisticSite()],
    ...Object.entries(PROSE).map(([lang, prose]) => [`lang="${lang}" on ${lang} text`, site({ lang, prose })] as const),
    ['lang="en-GB" on English text', site({ lang: 'en-GB', prose: PROSE.en })],
    ['lang="zh-Hant-TW" on Chinese text', site({ lang: 'zh-Hant-TW', prose: PROSE.zh })],
    ['lang="nb" (Norwegian) on Danish text: kindred languages', site({ lang: 'nb', prose: PROSE.da })],
    ['lang="fr" on French with an English quotation', site({ lang: 'fr', prose: `${PROSE.fr} ${PROSE.en.slice(0, 200)}` })],
    ['lang="en" on an API page of identifiers', site({ lang: 'en', prose: `${CODE_HEAVY} ${CODE_HEAVY}` })],
    ['a language the models do not know (eu) on English text', site({ lang: 'eu', prose: PROSE.en })],
    ['too little text to judge', site({ lang: 'en', prose: PROSE.fr.slice(0, 150) })],
    ['a short page alone, with nothing read in full beside it', site({ lang: 'en', prose: PROSE.fr.slice(0, 260) }, { lang: 'en', prose: PROSE.en })],
    ['a Japanese reference table: Latin identifiers beside Japanese descriptions', site({ lang: 'ja', prose: JA_REFERENCE })],
    ['a directory of people\'s names, which trigrams read as Hausa', site({ lang: 'en', prose: NAMES })],
    ['a staff page of name lists with one French paragraph: most samples do not vote', site({ lang: 'en', prose: `${NAMES} ${NAMES} ${NAMES} ${PROSE.fr}` })],
    ['no prose recorded (older evidence)', site({ lang: 'en' })],
    ['no lang at all (html_has_lang reports it)', site({ lang: null, prose: PROSE.fr })],
  ] as const;
  it.each(passing)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports a French page that declares English, with what it read', () => {
    const [f, ...rest] = findingsOf(check, site({ lang: 'en', prose: PROSE.fr }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'The page declares lang="en" (English) but its text is in French', evidence: expect.objectContaining({ page: 'https://example.com/' }) });
    expect(f!.evidence).toMatchObject({ wcag: ['3.1.1'], declared: 'en', text_language: 'French', pages: [{ url: 'https://example.com/', text: expect.stringMatching(/^Bienvenue sur le site/) }] });
  });

  it("groups a template's pages into one finding per declared and read language", () => {
    const findings = findingsOf(check, site({ lang: 'en', prose: PROSE.zh }, { lang: 'en', prose: PROSE.zh }, { lang: 'en', prose: PROSE.en }, { lang: 'pt', prose: PROSE.es }));
    expect(findings.map((f) => f.title).sort()).toEqual([
      '2 pages declare lang="en" (English) but their text is in Chinese',
      'The page declares lang="pt" (Portuguese) but its text is in Spanish',
    ]);
    expect(findings.find((f) => f.title.startsWith('2 pages'))!.evidence).toMatchObject({ pages_total: 2 });
  });

  it("names kindred languages a model splits one site's text between as the site's samples name them most", () => {
    // Three Portuguese pages and one the model reads as Galician, all left at lang="en": one finding, Portuguese.
    const findings = findingsOf(check, site({ lang: 'en', prose: PROSE.pt }, { lang: 'en', prose: PROSE.pt }, { lang: 'en', prose: PROSE.pt }, { lang: 'en', prose: PROSE.gl }));
    expect(findings.map((f) => f.title)).toEqual(['4 pages declare lang="en" (English) but their text is in Portuguese']);
    expect(languageMismatch('en', PROSE.gl)).toMatchObject({ detected: 'gl' });
  });

  it('judges a page with few votes beside a page of its section read in full as the same pair (a section index left untranslated)', () => {
    const at = (path: string, prose: string) => makePage({ url: `https://example.com${path}`, depth: 1, dom: makeDom({ lang: 'zh-CN', prose }) });
    const findings = findingsOf(check, makeBundle({ pages: [
      makePage({ url: 'https://example.com/' }),
      at('/zh/docs/install/', PROSE.en), at('/zh/docs/upgrade/', PROSE.en), at('/zh/docs/', PROSE.en.slice(0, 260)),
      // Another section's short page has no full reading beside it; nor does a page at the root.
      at('/zh-blog/tags/', PROSE.en.slice(0, 260)), at('/about', PROSE.en.slice(0, 260)),
    ] }));
    expect(findings.map((f) => f.title)).toEqual(['3 pages declare lang="zh-CN" (Chinese) but their text is in English']);
    expect(findings[0]!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/zh/docs/install/', samples_read: 2 }, { samples_read: 2 }, { url: 'https://example.com/zh/docs/', samples_read: 1 }] });
  });

  it('reads German as German and English as English whatever the other declares', () => {
    expect(languageMismatch('de', PROSE.en)).toMatchObject({ declared: 'de', detected: 'en' });
    expect(languageMismatch('en-US', PROSE.de)).toMatchObject({ declared: 'en', detected: 'de' });
    expect(languageMismatch('zh', PROSE.en)).toMatchObject({ detected: 'en' });
  });

  it('maps declared tags to the languages the models know', () => {
    expect(['en-US', 'ZH-hant', 'iw', 'nn', 'fil', 'eu', 'x-klingon', ''].map(declaredLanguage)).toEqual(['en', 'zh', 'he', 'no', 'tl', null, null, null]);
    // Named as English speakers name them, not by ISO 639's reference names ("Modern Greek (1453-)", "Pushto").
    expect(['el', 'ps', 'fr', 'zh'].map(languageName)).toEqual(['Greek', 'Pashto', 'French', 'Chinese']);
  });

  it('cuts prose into samples at word boundaries, smaller for CJK text', () => {
    const latin = samples(PROSE.fr);
    expect(latin.length).toBe(2);
    expect(latin.every((s) => !s.startsWith(' ') && !s.endsWith(' '))).toBe(true);
    expect(samples(PROSE.zh).length).toBeGreaterThanOrEqual(2);
    expect(samples('Short text.')).toEqual([]);
  });
});
