import { scales } from './layout/choose';

/** The smallest scale the drawing is ever shown at (zooming out stops there). */
const MIN_SCALE = 0.1;

/** Pan (drag the background), zoom (wheel, around the pointer; buttons) and fit for the drawing's <g>. */
export class Viewport {
  private group: SVGGElement | undefined;
  private width = 0;
  private height = 0;
  private scale = 1;
  private x = 0;
  private y = 0;
  private drag: { startX: number; startY: number; x: number; y: number; moved: boolean } | undefined;
  private dragged = false;
  /** Until the person pans or zooms, the drawing keeps fitting the view (resizes, redraws). */
  private userMoved = false;
  private focus: SVGGElement | undefined;
  /** The smallest scale shown (names at the editor's font size) and the largest a small drawing is blown up to. */
  private readable = scales(13).readable;
  private max = scales(13).max;
  /** The smallest share of `readable` the drawing is shown whole at (an opening drawn whole smaller: Picture.floor). */
  private floor = 1;

  constructor(private readonly svg: SVGSVGElement) {
    new ResizeObserver(() => {
      if (!this.userMoved) this.fit();
    }).observe(svg);
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.userMoved = true;
      const box = svg.getBoundingClientRect();
      this.zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - box.left, e.clientY - box.top);
    }, { passive: false });
    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      this.drag = { startX: e.clientX, startY: e.clientY, x: this.x, y: this.y, moved: false };
      this.dragged = false;
    });
    svg.addEventListener('pointermove', (e) => {
      const d = this.drag;
      if (!d) return;
      const dx = e.clientX - d.startX;
      const dy = e.clientY - d.startY;
      if (!d.moved && Math.hypot(dx, dy) < 4) return;
      if (!d.moved) svg.setPointerCapture(e.pointerId);
      d.moved = true;
      this.userMoved = true;
      svg.classList.add('panning');
      this.x = d.x + dx;
      this.y = d.y + dy;
      this.apply();
    });
    const end = (): void => {
      this.dragged = this.drag?.moved ?? false;
      this.drag = undefined;
      svg.classList.remove('panning');
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
  }

  /** The editor's font size (px): node names are never shown smaller. */
  setEditorFont(px: number): void {
    ({ readable: this.readable, max: this.max } = scales(px));
  }

  readableScale(): number {
    return this.readable;
  }

  attach(group: SVGGElement, width: number, height: number, focus: SVGGElement | undefined, floor = 1): void {
    this.group = group;
    this.focus = focus;
    this.floor = floor;
    // An empty drawing (a message answer) has no extent; dagre reports -Infinity for it.
    this.width = Number.isFinite(width) ? width : 0;
    this.height = Number.isFinite(height) ? height : 0;
  }

  /** True right after a drag ended: the click that follows is not a click on a node. */
  wasDrag(): boolean {
    const was = this.dragged;
    this.dragged = false;
    return was;
  }

  /** The scale that shows a width × height drawing whole in the view now (may be below this.readable). */
  fitScale(width: number, height: number): number {
    const box = this.svg.getBoundingClientRect();
    if (box.width === 0 || width <= 0 || height <= 0) return this.max;
    return Math.min(this.max, (box.width - 8) / width, (box.height - 8) / height);
  }

  /**
   * Fits the drawing now, and again on every resize until the person pans or zooms. A drawing too
   * big to fit at a readable size (this.readable, or the smaller share of it the picture allows:
   * this.floor) is shown at that size around `focus` (the queried symbol, or the node just opened):
   * the person pans for the rest (Fit only zooms and pans).
   */
  fit(focus?: SVGGElement): void {
    this.userMoved = false;
    this.focus = focus ?? this.focus;
    const box = this.svg.getBoundingClientRect();
    if (box.width === 0 || this.width <= 0 || this.height <= 0) return this.apply();
    const fitted = this.fitScale(this.width, this.height);
    const least = this.least();
    if (fitted >= least || !this.focus) return this.place(Math.max(least, fitted), box);
    this.scale = least;
    const center = this.centerOf(this.focus);
    this.x = this.axis(box.width, this.width, center.x);
    this.y = this.axis(box.height, this.height, center.y);
    this.apply();
  }

  /** Where the view is (scale and offset) and whether the person moved it: Back shows a picture as it was seen. */
  save(): ViewState {
    return { scale: this.scale, x: this.x, y: this.y, userMoved: this.userMoved };
  }

  restore(v: ViewState): void {
    ({ scale: this.scale, x: this.x, y: this.y, userMoved: this.userMoved } = v);
    this.apply();
  }

  /** True when the whole drawing is in the view at a readable scale now. */
  fitsReadably(): boolean {
    return this.fitScale(this.width, this.height) >= this.readable;
  }

  /** True when the whole drawing is in the view at the smallest scale it is shown whole at (see fit). */
  fitsWhole(): boolean {
    return this.fitScale(this.width, this.height) >= this.least();
  }

  /** The smallest scale fit shows the drawing at: readable, or the share of it the picture allows (never below the zoom-out limit). */
  private least(): number {
    return Math.max(MIN_SCALE, Math.min(this.readable, this.readable * this.floor));
  }

  private place(scale: number, box: DOMRect): void {
    this.scale = scale;
    this.x = (box.width - this.width * scale) / 2;
    this.y = Math.max(0, (box.height - this.height * scale) / 2);
    this.apply();
  }

  /** Offset along one axis: centred when the drawing fits, else `at` in the middle, without empty margins. */
  private axis(view: number, size: number, at: number): number {
    const drawn = size * this.scale;
    if (drawn <= view) return (view - drawn) / 2;
    return Math.min(0, Math.max(view - drawn, view / 2 - at * this.scale));
  }

  /** A node's centre in the drawing's own coordinates (whatever groups lie between). */
  private centerOf(node: SVGGElement): { x: number; y: number } {
    const b = node.getBBox();
    const inGroup = this.group?.getCTM()?.inverse().multiply(node.getCTM() ?? new DOMMatrix());
    const p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2).matrixTransform(inGroup ?? new DOMMatrix());
    return { x: p.x, y: p.y };
  }

  zoomBy(factor: number): void {
    this.userMoved = true;
    const box = this.svg.getBoundingClientRect();
    this.zoomAt(factor, box.width / 2, box.height / 2);
  }

  /** Keeps the fit going while the person has not moved the view (a redraw after a save or an expansion). */
  refit(): void {
    if (this.userMoved) this.apply();
    else this.fit();
  }

  /** The node in the middle of the view, at a readable scale at least (find, re-centre, a link in the details). */
  centerOn(node: SVGGElement): void {
    this.scale = Math.max(this.scale, this.readable);
    this.panTo(node);
  }

  /**
   * The node in the middle of the view at the scale shown (what a step opened, a Tab to it out of
   * view): the picture holds still, an opening drawn smaller than readable is not zoomed into.
   */
  panTo(node: SVGGElement): void {
    const box = this.svg.getBoundingClientRect();
    const c = this.centerOf(node);
    this.x = box.width / 2 - c.x * this.scale;
    this.y = box.height / 2 - c.y * this.scale;
    this.userMoved = true;
    this.apply();
  }

  /** Moves the drawing by (dx, dy) screen pixels, scale kept: what was drawn stays where the person saw it. */
  panBy(dx: number, dy: number): void {
    this.x += dx;
    this.y += dy;
    this.userMoved = true;
    this.apply();
  }

  currentScale(): number {
    return this.scale;
  }

  apply(): void {
    this.group?.setAttribute('transform', `translate(${this.x},${this.y}) scale(${this.scale})`);
  }

  private zoomAt(factor: number, px: number, py: number): void {
    const next = Math.max(MIN_SCALE, Math.min(4, this.scale * factor));
    this.x = px - ((px - this.x) * next) / this.scale;
    this.y = py - ((py - this.y) * next) / this.scale;
    this.scale = next;
    this.apply();
  }
}

export interface ViewState {
  scale: number;
  x: number;
  y: number;
  userMoved: boolean;
}
