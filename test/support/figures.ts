/**
 * Whether a page shows its figures (decimal numbers: amounts, gas, counts, percentages) as a person reads
 * them: each one whole on one line, or visibly shortened (…) at its end with its integer part kept, never
 * cut from the left, broken across lines or spilling into the next table cell. Used by the figures test on
 * the block and transaction pages (in Chromium alone and inside the workbench's webview).
 *
 * What it measures, per character of every figure in `#app`: its box, and the box the page lets it be
 * seen in (the intersection of the element and its ancestors that hide overflow; a scroll container does
 * not count, since scrolling shows the rest, and a table cell does, since overflowing it covers the next;
 * outside a scroll container, the window's width).
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';

/** One figure as the page shows it. */
export interface FigureSeen {
  /** The figure's full text in the DOM, e.g. `0.000000000123456789`. */
  text: string;
  /** Where it is: the nearest `data-field`, table cell class or element, for messages. */
  where: string;
  /** Characters from the start that are inside the visible box. */
  visibleFromStart: number;
  /** Characters anywhere inside the visible box. */
  visible: number;
  /** Lines the figure's characters lie on. */
  lines: number;
  /** The box that cuts it shortens text with an ellipsis (a block container with `text-overflow: ellipsis`). */
  ellipsis: boolean;
  /** The `title` of the nearest element that has one (the full value, for a shortened figure). */
  title: string | null;
}

/** A decimal figure: grouped digits, optional fraction and percent; not part of a word or of hex (0x…). */
export const FIGURE = /(?<![\w.,])-?\d{1,3}(?:,\d{3})*(?:\.\d+)?%?(?![\w])|(?<![\w.,])-?\d+(?:\.\d+)?%?(?![\w])/g;

/** Measures every figure under `root` (default `#app`) in the page or frame. */
export async function figuresOn(target: Page | Frame | FrameLocator, root = '#app'): Promise<FigureSeen[]> {
  return target.locator(root).evaluate(measure, FIGURE.source);
}

/** Runs in the page: self-contained. */
function measure(rootEl: Element, pattern: string): FigureSeen[] {
  const figure = new RegExp(pattern, 'g');
  type Clip = { left: number; right: number; top: number; bottom: number; ellipsis: boolean };
  // No named inner functions here: the test runner's transpiler would wrap them in a helper the page lacks.
  const clips = new Map<Element, Clip | null>();
  const out: FigureSeen[] = [];
  const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    const parent = n.parentElement;
    if (!parent || !parent.getClientRects().length || parent.closest('.visually-hidden')) continue; // not shown (or for screen readers only)
    const text = n.data;
    figure.lastIndex = 0;
    for (let m = figure.exec(text); m; m = figure.exec(text)) {
      const chain: Element[] = [];
      for (let e: Element | null = parent; e && e !== document.documentElement; e = e.parentElement) chain.push(e);
      const clippers: Clip[] = [];
      for (const e of chain) {
        if (!clips.has(e)) {
          // The box an element's overflow leaves visible: hidden overflow, or a table cell (spilling over covers the next).
          const s = getComputedStyle(e);
          const scrolls = /auto|scroll/.test(s.overflowX) || /auto|scroll/.test(s.overflowY);
          const hides = /hidden|clip/.test(s.overflowX) || /hidden|clip/.test(s.overflowY);
          const cell = e.getAttribute('role') === 'cell' || e.getAttribute('role') === 'columnheader';
          const r = e.getBoundingClientRect();
          const block = !/flex|grid/.test(s.display);
          const ellipsis = hides && block && s.textOverflow === 'ellipsis';
          clips.set(e, (hides && !scrolls) || cell ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom, ellipsis } : null);
        }
        const clip = clips.get(e);
        if (clip) clippers.push(clip);
      }
      // Outside any scrolling box of its own, a figure must fit the window's width: the page scrolls down, not sideways.
      const scroller = chain.some((e) => e !== document.body && /auto|scroll/.test(getComputedStyle(e).overflowX));
      if (!scroller) clippers.push({ left: 0, right: document.documentElement.clientWidth, top: -Infinity, bottom: Infinity, ellipsis: false });
      const range = document.createRange();
      let visible = 0;
      let visibleFromStart = 0;
      /** The innermost box that hides the first character not shown. */
      let cutBy: (typeof clippers)[number] | undefined;
      const tops = new Set<number>();
      for (let i = 0; i < m[0].length; i++) {
        range.setStart(n, m.index + i);
        range.setEnd(n, m.index + i + 1);
        const r = range.getBoundingClientRect();
        tops.add(Math.round(r.top));
        const outside = clippers.find((c) => r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5);
        if (outside) cutBy ??= outside;
        else {
          visible++;
          if (!cutBy) visibleFromStart++;
        }
      }
      const titled = parent.closest('[title]');
      const place =
        parent.closest('[data-field]')?.getAttribute('data-field') ?? parent.closest('[role="cell"]')?.className ?? parent.className ?? parent.tagName;
      const row = parent.closest('[data-index]')?.getAttribute('data-index');
      out.push({
        text: m[0],
        where: `${row !== undefined && row !== null ? `row ${row} ` : ''}${place || parent.tagName.toLowerCase()}`,
        visibleFromStart,
        visible,
        lines: tops.size,
        ellipsis: cutBy?.ellipsis ?? false,
        title: titled?.getAttribute('title') ?? null,
      });
    }
  }
  return out;
}

/**
 * What is wrong with how the figures are shown ([] when nothing): a figure cut anywhere but at its end,
 * cut without an ellipsis, cut into its integer part, or broken across lines.
 */
export function figureProblems(seen: FigureSeen[]): string[] {
  const problems: string[] = [];
  for (const f of seen) {
    const at = `${f.where}: "${f.text}"`;
    if (f.lines > 1) problems.push(`${at} is broken across ${f.lines} lines`);
    if (f.visible === f.text.length) continue;
    if (f.visible !== f.visibleFromStart) {
      problems.push(`${at} is cut from the left: only ${f.visible} of its ${f.text.length} characters show, not its first`);
      continue;
    }
    if (!f.ellipsis) problems.push(`${at} is cut after ${f.visible} characters without an ellipsis`);
    const integer = f.text.replace(/^-/, '').split('.')[0].length + (f.text.startsWith('-') ? 1 : 0);
    // The ellipsis covers the last character that would show; the integer part must still be there.
    if (f.visible - 1 < integer) problems.push(`${at} shows only ${f.visible - 1} characters: its integer part is cut`);
  }
  return problems;
}
