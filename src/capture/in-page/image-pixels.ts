// The pixels of the files responsive images show. `naturalWidth` of an <img> chosen from a srcset with
// width descriptors is divided by the density the browser picked (a 1024 px file chosen as "1920w" for a
// 1280 px slot reads 682), so bytes per pixel and oversizing measured from it are wrong. The decoded
// bitmap has the file's own size. Only images with a srcset or in a <picture>, at most 20, within
// MAX_MS; no request is made (the element's own decoded image). Plain JS text on purpose.
export const IMAGE_PIXELS_SCRIPT = `(async () => {
  const MAX = 20, MAX_MS = 800, started = performance.now();
  const out = [];
  for (const img of [...document.images].slice(0, 200)) {
    if (out.length >= MAX || performance.now() - started > MAX_MS) break;
    const responsive = img.hasAttribute('srcset') || (img.parentElement && img.parentElement.tagName === 'PICTURE');
    if (!responsive || !img.complete || !img.naturalWidth || typeof createImageBitmap !== 'function') continue;
    try {
      const bitmap = await createImageBitmap(img);
      if (bitmap.width !== img.naturalWidth || bitmap.height !== img.naturalHeight) out.push([img.currentSrc || img.src, bitmap.width, bitmap.height]);
      bitmap.close();
    } catch (e) { /* an SVG without size, a cross-origin failure: keep naturalWidth */ }
  }
  return out;
})()`;
