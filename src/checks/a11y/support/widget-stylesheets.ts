// Stylesheets that style only their own widget: a search box (DocSearch), a consent banner, a carousel,
// a lightbox, a map, an icon font. A page whose only refused stylesheet is one of these was laid out by
// its own styles everywhere else: what axe measured outside the widget is the page visitors see (a
// refused @docsearch/css set aside every contrast failure of an Antora site's own site.css). Elements
// of the widget itself, which carry its name in their classes, stay set aside.

interface WidgetSheet {
  /** What the stylesheet's address names. */
  url: RegExp;
  /** What the widget's own elements carry in their selector or markup. */
  nodes: RegExp;
}

const CONSENT: WidgetSheet = { url: /cookie-?consent|cookieconsent|klaro|tarteaucitron|cookiebot|onetrust|osano|cookie-?notice|cookie-?law/i, nodes: /cookie|consent|\bcc[-_]|klaro|tarteaucitron|onetrust|osano|cybot/i };

const WIDGETS: WidgetSheet[] = [
  { url: /docsearch|algolia/i, nodes: /docsearch|algolia|\baa-/i },
  CONSENT,
  { url: /swiper/i, nodes: /swiper/i },
  { url: /slick/i, nodes: /slick/i },
  { url: /splide/i, nodes: /splide/i },
  { url: /glide/i, nodes: /glide/i },
  { url: /flickity/i, nodes: /flickity/i },
  { url: /owl\.?carousel/i, nodes: /owl-/i },
  { url: /fancybox/i, nodes: /fancybox/i },
  { url: /glightbox/i, nodes: /glightbox|gslide/i },
  { url: /lightgallery/i, nodes: /\blg-/i },
  { url: /photoswipe/i, nodes: /pswp/i },
  { url: /magnific-?popup/i, nodes: /mfp-/i },
  { url: /lightbox/i, nodes: /lightbox|\blb-/i },
  { url: /select2/i, nodes: /select2/i },
  { url: /choices(\.min)?\.css/i, nodes: /choices/i },
  { url: /flatpickr/i, nodes: /flatpickr/i },
  { url: /tippy/i, nodes: /tippy/i },
  { url: /toastr/i, nodes: /toast/i },
  { url: /sweetalert/i, nodes: /swal/i },
  { url: /leaflet/i, nodes: /leaflet/i },
  { url: /mapbox/i, nodes: /mapbox/i },
  { url: /plyr/i, nodes: /plyr/i },
  { url: /video-?js/i, nodes: /\bvjs-|video-js/i },
  { url: /katex/i, nodes: /katex/i },
  // Code highlighting themes colour their own tokens only: the code blocks' contrast stays set aside.
  { url: /highlight\.?js|\/hljs|highlightjs/i, nodes: /hljs/i },
  { url: /prism(js)?[@/.-]|\/prism[\w-]*\.css/i, nodes: /\btoken\b|prism|language-/i },
  { url: /\baos(\.min)?\.css|\/aos@/i, nodes: /data-aos/i },
  { url: /animate(\.min)?\.css/i, nodes: /animate__/i },
  { url: /font-?awesome|bootstrap-icons|ionicons|material-(icons|symbols)|devicon|remixicon|line-awesome|boxicons|feather-icons|tabler-icons/i, nodes: /\bfa-|\bbi-|\bion-|material-(icons|symbols)|devicon|\bri-|\bla-|\bbx-|\bti-/i },
];

/** The widget a stylesheet's address names, or null for a stylesheet that may style anything. */
export function widgetOf(url: string): RegExp | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  // The path names the package (a CDN's /npm/swiper@11/…, a theme's /css/slick.css); a host only counts
  // for the consent managers' own (consent.cookiebot.com): a copy of slickdeals.net is not a carousel.
  return WIDGETS.find((w) => w.url.test(u.pathname) || (w === CONSENT && w.url.test(u.hostname)))?.nodes ?? null;
}
