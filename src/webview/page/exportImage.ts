import type { Drawing } from './drawDiagram';

/**
 * Style properties an exported file needs inline (the page's stylesheet and theme do not travel
 * with it). `paint-order` and the stroke joins matter: an edge label is outlined in the background
 * colour *under* its text; without paint-order the outline is painted over the text and hides it.
 */
const PROPS = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linejoin',
  'paint-order',
  'opacity',
  'display',
  'font-family',
  'font-size',
  'font-weight',
  'dominant-baseline',
  'text-anchor',
];

const SVG_NS = 'http://www.w3.org/2000/svg';
const LINE = 16;
const MARGIN = 16;

/**
 * What is drawn (hidden edge types stay hidden, folded boxes stay folded), as a standalone SVG
 * document: the title and the answer's notes (cut, incomplete, what is folded) wrapped to the
 * drawing's width above the whole drawing at scale 1, theme colours resolved to values, on the
 * theme's background. As wide as the drawing (a long note wraps, it does not widen the image), and
 * nothing that only a live page does: no hover titles, no "open ▸" on folded boxes.
 */
export function exportSvg(svg: SVGSVGElement, drawing: Drawing, title: string, notes: string[]): { text: string; width: number; height: number } {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const source = [svg, ...svg.querySelectorAll('*')];
  const target = [clone, ...clone.querySelectorAll('*')];
  source.forEach((el, i) => {
    // Presentation attributes, not a style attribute: the page's CSP forbids inline styles.
    const style = getComputedStyle(el);
    for (const p of PROPS) target[i].setAttribute(p, style.getPropertyValue(p));
  });
  for (const t of [...clone.querySelectorAll('title')]) t.remove();
  for (const t of clone.querySelectorAll('g.bundle text.sub')) t.textContent = 'folded';
  for (const t of clone.querySelectorAll('[tabindex]')) t.removeAttribute('tabindex');
  // Cropped to what is drawn (an engine's own margins left out), a margin of ours round it.
  const box = drawing.viewport.getBBox();
  const width = Math.ceil(Math.max(box.width + 2 * MARGIN, 240));
  const body = getComputedStyle(document.body);
  const lines = [title, ...notes.flatMap((n) => n.split('\n'))]
    .filter((l) => l !== '')
    .flatMap((l, i) => wrap(l, width - 24, i === 0 ? 14 : 12, body.fontFamily));
  const head = lines.length * LINE + 10;
  const height = Math.ceil(box.height + 2 * MARGIN + head);
  clone.querySelector('g.viewport')?.setAttribute('transform', `translate(${MARGIN - box.x},${head + MARGIN - box.y})`);
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const rect = document.createElementNS(SVG_NS, 'rect');
  rect.setAttribute('width', '100%');
  rect.setAttribute('height', '100%');
  rect.setAttribute('fill', body.backgroundColor);
  const text = document.createElementNS(SVG_NS, 'g');
  text.setAttribute('class', 'export-notes');
  lines.forEach((line, i) => {
    const t = document.createElementNS(SVG_NS, 'text');
    t.setAttribute('x', '12');
    t.setAttribute('y', String(8 + (i + 1) * LINE - 4));
    t.setAttribute('font-family', body.fontFamily);
    t.setAttribute('font-size', i === 0 ? '14' : '12');
    t.setAttribute('font-weight', i === 0 ? '600' : '400');
    t.setAttribute('fill', i === 0 ? body.color : getComputedStyle(document.querySelector('.notes') ?? document.body).color);
    t.textContent = line;
    text.appendChild(t);
  });
  clone.insertBefore(text, clone.firstChild);
  clone.insertBefore(rect, clone.firstChild);
  return { text: new XMLSerializer().serializeToString(clone), width, height };
}

/** Breaks a line at spaces (or anywhere, for one long word) to fit `width` pixels at `px` in `font`. */
function wrap(line: string, width: number, px: number, font: string): string[] {
  const ctx = document.createElement('canvas').getContext('2d');
  const measure = (t: string): number => {
    if (!ctx) return t.length * px * 0.58;
    ctx.font = `${px}px ${font}`;
    return ctx.measureText(t).width;
  };
  const out: string[] = [];
  let current = '';
  for (const word of line.split(/(?<=\s)/)) {
    if (current !== '' && measure(current + word) > width) {
      out.push(current.trimEnd());
      current = '';
    }
    current += word;
    while (measure(current) > width && current.length > 1) {
      let cut = current.length - 1;
      while (cut > 1 && measure(current.slice(0, cut)) > width) cut--;
      out.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current.trim() !== '') out.push(current.trimEnd());
  return out;
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
