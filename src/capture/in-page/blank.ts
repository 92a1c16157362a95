// Whether a page shows nothing once loaded: its body not rendered at all (a theme keeping it display:none
// until its script marks it loaded), or no rendered text and no rendered picture, frame or control of any
// size (an app that never mounted). A custom element's shadow tree (a Lit app) and a box painted with a
// background image count as something: their content cannot be read from here. JavaScript source, spliced
// into the DOM facts script, which hands it the body's text (read once there).

/** Whether the page shows nothing, given `document.body.innerText`. */
export const RENDERED_BLANK_FN = `(bodyText) => {
    const body = document.body;
    const seen = (el) => !el.checkVisibility || el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    if (!body || !seen(document.documentElement) || !seen(body)) return true;
    if (bodyText.trim() !== '') return false;
    // No text: is any picture, frame or control on screen?
    const media = 'img,svg,canvas,video,iframe,object,embed,picture,input,button,select,textarea';
    let looked = 0;
    for (const el of body.querySelectorAll('*')) {
      if (++looked > 3000) return false;
      const maybe = el.matches(media) || el.localName.includes('-') || el.shadowRoot;
      if (!maybe && getComputedStyle(el).backgroundImage === 'none') continue;
      if (!seen(el)) continue;
      const b = el.getBoundingClientRect();
      if (b.width * b.height >= 400) return false;
    }
    return true;
  }`;
