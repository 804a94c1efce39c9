// The layout checks of issue 28's "Done when", beside axe (./axe.ts): nothing past the right edge,
// no text squeezed into a column a few characters wide and no word broken across lines (issue 29), no
// control label of several words wrapped one word per line (issue 44.6), visible words in every control's name
// (WCAG 2.5.3), no native dialog, CLS ≤ 0.1, and both themes.
import type { BrowserContext, Page } from "@playwright/test";

export const THEMES = ["light", "dark"] as const;
export type ThemeName = (typeof THEMES)[number];

/** Cumulative layout shift allowed (Web Vitals' "good"). */
export const MAX_CLS = 0.1;

/**
 * Puts the browser in `theme` before any page loads: the theme cookie a visitor's settings write, and
 * the seeded members have no saved theme of their own, so the cookie decides for them too.
 */
export async function useTheme(context: BrowserContext, baseURL: string, theme: ThemeName) {
  const value = encodeURIComponent(
    JSON.stringify({ isDarkMode: theme === "dark", accentColor: "#FFF", fontPercentage: 100 }),
  );
  await context.addCookies([{ name: "theme", value, url: baseURL }]);
}

/**
 * Switches a loaded page to `theme` as a load in it would draw it: with `useTheme`'s default accent
 * the server sets only <html>'s class, and no page reads the theme in script. Then waits for the
 * colour transitions the switch starts to end.
 */
export async function switchTheme(page: Page, theme: ThemeName) {
  await page.evaluate(async (dark) => {
    const html = document.documentElement;
    html.classList.toggle("dark", dark);
    html.classList.toggle("light", !dark);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  }, theme === "dark");
}

/** Records layout shifts not caused by input from the first paint on (read by `layoutProblems`). */
export async function trackLayoutShifts(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Counts native dialogs (`alert`, `confirm`, `prompt`) the page opens; each is dismissed. */
export function countNativeDialogs(page: Page) {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** What is wrong with the page's layout as it is now; empty when nothing is. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((maxCls) => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways by ${root.scrollWidth - width}px`);

    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls =
        typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${cls} "${text}"`;
    };
    // Inside a box that scrolls or clips sideways and itself fits, an element may extend past the edge.
    const clippedByFittingBox = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/auto|scroll|hidden|clip/.test(style.overflowX) && p.getBoundingClientRect().right <= width + 1)
          return true;
      }
      return false;
    };

    const past: string[] = [];
    const squeezed: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      if (rect.right > width + 1 && !clippedByFittingBox(el))
        past.push(`${describe(el)} ends at ${Math.round(rect.right)}px`);
      const ownText = Array.from(el.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
      // Ten or more characters in a box under 60 px wide running over three lines: a squeezed column.
      if (ownText.length >= 10 && rect.width < 60 && rect.height > lineHeight * 3.5) {
        squeezed.push(
          `${describe(el)} is ${Math.round(rect.width)}px wide and ${Math.round(rect.height / lineHeight)} lines tall`,
        );
      }
    }
    // A word broken across lines ("Amou|nt", "$14|9.00"), however short: what a column squeezed under its
    // longest word does with overflow-wrap: anywhere. Prose wrapping between words, or after a hyphen,
    // a dash or a slash, is not a broken word; text clipped away (visually hidden) is not seen.
    const clippedAway = new Map<Element, boolean>();
    const isClippedAway = (el: Element): boolean => {
      const known = clippedAway.get(el);
      if (known !== undefined) return known;
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      // checkVisibility: also what a closed <details> holds (laid out, if at all, where no one sees it).
      const clipped =
        !el.checkVisibility({ visibilityProperty: true }) ||
        (style.overflow !== "visible" && (rect.width <= 2 || rect.height <= 2)) ||
        (el.parentElement !== null && el.parentElement !== document.body && isClippedAway(el.parentElement));
      clippedAway.set(el, clipped);
      return clipped;
    };
    const range = document.createRange();
    const linesOf = (node: Text, start: number, end: number) => {
      range.setStart(node, start);
      range.setEnd(node, end);
      const tops: number[] = [];
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width > 0 && !tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
      }
      return tops.length;
    };
    const LONG_TOKEN = 16;
    const CODE_LIKE = /\d{8}|[@_]|\p{L}\.\p{L}/u;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const text = node.data;
      const parent = node.parentElement;
      if (!parent || !/\S{2}/.test(text) || parent.closest("script, style, noscript, template, textarea, select"))
        continue;
      if (linesOf(node, 0, text.length) < 2 || isClippedAway(parent)) continue;
      for (const match of text.matchAll(/[^\s\-\u2010-\u2014/\u00ad\u200b]+[-\u2010-\u2014/\u00ad\u200b]?/g)) {
        const word = match[0];
        // Tokens this long, and tokens that are not words of prose (ids and numbers, codes, e-mails, file
        // names: a run of eight digits, an "@" or "_", a dot between letters) may wrap, as issue 28 §6 asks ("wrap or
        // truncate"); the rule is for the short words a squeezed column breaks.
        if (word.length < 2 || word.length >= LONG_TOKEN || CODE_LIKE.test(word)) continue;
        const lines = linesOf(node, match.index, match.index + word.length);
        if (lines > 1) broken.push(`${describe(parent)}: "${word}" is broken over ${lines} lines`);
      }
    }
    // A control's label of two or more words wrapped one word per line ("Make | Offer", "Set |
    // Maximum"): a button squeezed under its words' width, though no single word is broken. Only boxes
    // (buttons, tabs, summaries, button-like links) count: an inline link in prose may wrap anywhere.
    const CONTROLS = "button, summary, [role=button], [role=tab], [role=menuitem], a[href], label";
    const oneWordPerLine: string[] = [];
    for (const control of Array.from(document.body.querySelectorAll(CONTROLS))) {
      if (getComputedStyle(control).display === "inline" || isClippedAway(control)) continue;
      const wordRects: DOMRect[][] = [];
      const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!parent || isClippedAway(parent) || parent.closest("[aria-hidden=true]")) continue;
        for (const match of node.data.matchAll(/\S+/g)) {
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
          if (rects.length) wordRects.push(rects);
        }
      }
      if (wordRects.length < 2) continue;
      // A label holding an id, a code or a token too long for any line (as the broken-word rule above
      // allows) wraps around it: that is not a squeezed control.
      if ((control.textContent ?? "").split(/\s+/).some((word) => word.length >= LONG_TOKEN || CODE_LIKE.test(word)))
        continue;
      // Two neighbouring words share a line when the end of one and the start of the next overlap by
      // half a line's height.
      const sameLine = (a: DOMRect, b: DOMRect) =>
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.min(a.height, b.height) / 2;
      const shared = wordRects.some((rects, i) => i > 0 && sameLine(wordRects[i - 1]!.at(-1)!, rects[0]!));
      if (!shared) oneWordPerLine.push(`${describe(control)} shows its ${wordRects.length} words one per line`);
    }
    range.detach();

    // WCAG 2.5.3 (label in name): a control named by aria-label(ledby) must contain its visible words.
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
    const mislabelled: string[] = [];
    for (const el of Array.from(
      document.body.querySelectorAll(
        "a[aria-label], button[aria-label], [role=button][aria-label], a[aria-labelledby], button[aria-labelledby]",
      ),
    )) {
      if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
      const visible = words(el.innerText);
      const labelledBy = el.getAttribute("aria-labelledby");
      const name = words(
        labelledBy
          ? labelledBy
              .split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? "")
              .join(" ")
          : (el.getAttribute("aria-label") ?? ""),
      );
      if (visible && !name.includes(visible))
        mislabelled.push(`${describe(el)} is named "${name}" but shows "${visible}"`);
    }
    if (mislabelled.length) problems.push(`label not in name (WCAG 2.5.3): ${mislabelled.slice(0, 5).join("; ")}`);

    if (past.length) problems.push(`past the right edge (${width}px): ${past.slice(0, 5).join("; ")}`);
    if (squeezed.length) problems.push(`text squeezed into a narrow column: ${squeezed.slice(0, 5).join("; ")}`);
    if (broken.length) problems.push(`words broken across lines: ${broken.slice(0, 5).join("; ")}`);
    if (oneWordPerLine.length)
      problems.push(`control labels wrapped one word per line: ${oneWordPerLine.slice(0, 5).join("; ")}`);

    const cls = (window as unknown as { __cls?: number }).__cls ?? 0;
    if (cls > maxCls) problems.push(`cumulative layout shift ${cls.toFixed(3)} > ${maxCls}`);
    return problems;
  }, MAX_CLS);
}
