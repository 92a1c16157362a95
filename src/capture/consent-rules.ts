// Consent-banner data: known CMP selectors and the words that mean accept / reject / settings.

/** Child frames searched for a banner (CMPs often live in an iframe). */
export const MAX_CHILD_FRAMES = 8;

/** One consent management platform: where its banner is, and its one-click accept/reject controls. */
interface CmpRule {
  name: string;
  banner: string[];
  accept: string[];
  reject: string[];
}

export const KNOWN_CMPS: readonly CmpRule[] = [
  { name: 'onetrust', banner: ['#onetrust-banner-sdk', '#onetrust-pc-sdk'], accept: ['#onetrust-accept-btn-handler', '#accept-recommended-btn-handler'], reject: ['#onetrust-reject-all-handler', '.ot-pc-refuse-all-handler'] },
  { name: 'cookiebot', banner: ['#CybotCookiebotDialog'], accept: ['#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll', '#CybotCookiebotDialogBodyButtonAccept'], reject: ['#CybotCookiebotDialogBodyButtonDecline'] },
  { name: 'didomi', banner: ['#didomi-notice', '#didomi-popup .didomi-popup-container'], accept: ['#didomi-notice-agree-button'], reject: ['#didomi-notice-disagree-button', '.didomi-continue-without-agreeing'] },
  { name: 'quantcast', banner: ['#qc-cmp2-ui', '.qc-cmp2-container'], accept: ['#qc-cmp2-ui button[mode="primary"]'], reject: ['#qc-cmp2-ui button[mode="secondary"]'] },
  { name: 'usercentrics', banner: ['[data-testid="uc-default-banner"]', '#uc-center-container', '#usercentrics-cmp-ui'], accept: ['[data-testid="uc-accept-all-button"]', '#usercentrics-cmp-ui #accept'], reject: ['[data-testid="uc-deny-all-button"]', '#usercentrics-cmp-ui #deny'] },
  { name: 'trustarc', banner: ['#truste-consent-track', '#truste-consent-content'], accept: ['#truste-consent-button'], reject: ['#truste-consent-required'] },
  { name: 'osano', banner: ['.osano-cm-dialog'], accept: ['.osano-cm-accept-all', '.osano-cm-accept'], reject: ['.osano-cm-denyAll', '.osano-cm-deny'] },
  { name: 'complianz', banner: ['.cmplz-cookiebanner'], accept: ['.cmplz-cookiebanner .cmplz-accept'], reject: ['.cmplz-cookiebanner .cmplz-deny'] },
  { name: 'cookieyes', banner: ['.cky-consent-container', '#cookie-law-info-bar'], accept: ['.cky-btn-accept', '#cookie_action_close_header'], reject: ['.cky-btn-reject', '#cookie_action_close_header_reject'] },
  { name: 'iubenda', banner: ['#iubenda-cs-banner'], accept: ['.iubenda-cs-accept-btn'], reject: ['.iubenda-cs-reject-btn'] },
  { name: 'klaro', banner: ['.klaro .cookie-notice', '.klaro .cookie-modal'], accept: ['.klaro .cm-btn-accept-all', '.klaro .cm-btn-success'], reject: ['.klaro .cn-decline', '.klaro .cm-btn-decline'] },
  { name: 'termly', banner: ['[data-tid="banner"]', '#termly-code-snippet-support'], accept: ['[data-tid="banner-accept"]'], reject: ['[data-tid="banner-decline"]'] },
  { name: 'axeptio', banner: ['#axeptio_overlay .axeptio_widget', '#axeptio_main_button'], accept: ['#axeptio_btn_acceptAll'], reject: ['#axeptio_btn_dismiss'] },
  { name: 'borlabs', banner: ['#BorlabsCookieBox ._brlbs-box', '.brlbs-cmpnt-dialog'], accept: ['._brlbs-btn-accept-all', '.brlbs-btn-accept-all', '#BorlabsCookieBox a[data-cookie-accept-all]'], reject: ['#BorlabsCookieBox a[data-cookie-refuse]', '.brlbs-btn-accept-only-essential', '._brlbs-refuse-btn a'] },
  { name: 'cookieconsent', banner: ['.cc-window:not(.cc-invisible)'], accept: ['.cc-window .cc-allow', '.cc-window .cc-dismiss'], reject: ['.cc-window .cc-deny'] },
  { name: 'cookiescript', banner: ['#cookiescript_injected'], accept: ['#cookiescript_accept'], reject: ['#cookiescript_reject'] },
  { name: 'hubspot', banner: ['#hs-eu-cookie-confirmation'], accept: ['#hs-eu-confirmation-button'], reject: ['#hs-eu-decline-button'] },
  { name: 'consentmanager', banner: ['#cmpbox'], accept: ['.cmpboxbtnyes'], reject: ['.cmpboxbtnno'] },
  { name: 'google-fundingchoices', banner: ['.fc-consent-root'], accept: ['.fc-cta-consent'], reject: ['.fc-cta-do-not-consent'] },
  { name: 'civic-cookiecontrol', banner: ['#ccc-notify', '#ccc[role="dialog"]'], accept: ['#ccc-notify-accept', '#ccc-recommended-settings'], reject: ['#ccc-notify-reject', '#ccc-reject-settings'] },
  // Sourcepoint and TrustArc's iframe variant render in cross-origin iframes; the container shows the
  // banner, the buttons are left to the child-frame heuristic and to autoconsent.
  { name: 'sourcepoint', banner: ['div[id^="sp_message_container_"]'], accept: [], reject: [] },
  { name: 'trustarc-iframe', banner: ['.truste_overlay', 'iframe[src*="consent-pref.trustarc.com"]'], accept: [], reject: [] },
];

/** Button wording, as case-insensitive regex sources (en, de, fr, es, it, nl, pt). Order of tests: settings, necessary, reject, accept, acknowledge. */
export const CONSENT_WORDS = {
  consent: String.raw`cookie|consent|einwilligung|zustimm|datenschutzeinstellung|privatsphäre|consentement|traceurs|consentimiento|consenso|toestemming|consentimento|gdpr|dsgvo|rgpd|we value your privacy|your privacy choices|privacy (?:settings|preferences)|tracking technolog`,
  settings: String.raw`setting|preference|customi[sz]e|manage|option|more info|learn more|details|choices|\bsave\b|selection|selected|einstellung|anpassen|verwalten|auswahl|speichern|mehr erfahren|weitere informationen|paramètr|parametr|personnalis|gérer|choix|enregistrer|configur|preferencia|personaliz|gestionar|guardar|opcion|impostazioni|gestisci|opzioni|\bsalva\b|instellingen|aanpassen|voorkeur|beheren|opslaan|definiç|preferênc|gerir|gerenciar|opç|salvar|policy|richtlinie|erklärung|impressum|politique|política|informativa`,
  necessary: String.raw`necessary|essential|required|strictly|only functional|notwendig|essenziell|essentiell|erforderlich|nécessaire|necessaire|essentiel|strictement|necesari|esencial|imprescindible|necessari|essenzial|indispensabil|noodzakelijk|functionele|essentiële|necessári|essencia`,
  reject: String.raw`reject|decline|deny|refuse|disagree|do not (?:accept|agree|consent)|don't (?:accept|agree|consent)|no,? thanks|opt[ -]?out|ablehnen|verweigern|nicht (?:zu)?(?:stimmen|akzeptieren|einverstanden)|refuser|je refuse|sans accepter|rechazar|denegar|no acepto|rifiut|non accett|senza accettare|\bnego\b|weiger|afwijzen|niet akkoord|rejeitar|recusar|não aceit|nao aceit`,
  accept: String.raw`accept|agree|allow|consent|\byes\b|akzeptier|zustimm|einverstanden|annehmen|erlauben|zulassen|accepter|j'accepte|autoriser|d'accord|aceptar|acepto|permitir|de acuerdo|accett|consenti|acconsento|accepteer|akkoord|toestaan|aceitar|aceito|concordo`,
  acknowledge: String.raw`^(?:ok(?:ay)?|got it|i understand|understood|verstanden|compris|entendido|ho capito|entendi|begrepen)\b`,
  all: String.raw`\b(?:all|alle|alles|tout|tous|toutes|todo|todos|todas|tutti|tutto|tutte)\b`,
} as const;

/**
 * The in-page finder, as plain JavaScript (a string, so no transpiler helper leaks into the page).
 * Argument: { mode: 'detect' | 'accept' | 'reject', cmps, words, childFrame }.
 * Returns { method, selector, el, desc } or null; `el` is the control to click (click modes).
 */
