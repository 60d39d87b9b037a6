import type { Drawing } from './drawDiagram';

/** Style properties an exported file needs inline (the page's stylesheet and theme do not travel with it). */
const PROPS = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'display', 'font-family', 'font-size', 'font-weight', 'dominant-baseline', 'text-anchor'];

/**
 * What is drawn (hidden edge types stay hidden), as a standalone SVG document: the whole graph at
 * scale 1, theme colours resolved to values, on the theme's background.
 */
export function exportSvg(svg: SVGSVGElement, drawing: Drawing): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const source = [svg, ...svg.querySelectorAll('*')];
  const target = [clone, ...clone.querySelectorAll('*')];
  source.forEach((el, i) => {
    // Presentation attributes, not a style attribute: the page's CSP forbids inline styles.
    const style = getComputedStyle(el);
    for (const p of PROPS) target[i].setAttribute(p, style.getPropertyValue(p));
  });
  clone.querySelector('g.viewport')?.removeAttribute('transform');
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(Math.ceil(drawing.width)));
  clone.setAttribute('height', String(Math.ceil(drawing.height)));
  clone.setAttribute('viewBox', `0 0 ${Math.ceil(drawing.width)} ${Math.ceil(drawing.height)}`);
  const bg = getComputedStyle(document.body).backgroundColor;
  const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', bg);
  clone.insertBefore(rect, clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

/** The exported SVG rasterised at 2x, as a data: URL. */
export function exportPng(svgText: string, width: number, height: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(width * 2);
      canvas.height = Math.ceil(height * 2);
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('no 2d canvas'));
      ctx.scale(2, 2);
      ctx.drawImage(image, 0, 0);
      resolve(canvas.toDataURL('image/png'));
    };
    image.onerror = () => reject(new Error('the SVG could not be rasterised'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  });
}
