import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useEffect,
  useState,
} from "react";
import { Links, type LinksProps } from "react-router";
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_CSS_LIMIT, firstPaintCss } from "../lib/first-paint-css";
import { useHydrated } from "../lib/hydration";

type Element = ReactElement<Record<string, unknown>>;

const isStylesheet = (node: ReactNode): node is Element =>
  isValidElement(node) && node.type === "link" && (node as Element).props.rel === "stylesheet";

/** Every element of `<Links />`'s tree, fragments and arrays flattened. */
function flatten(node: ReactNode): ReactNode[] {
  if (Array.isArray(node)) return node.flatMap(flatten);
  if (isValidElement(node) && node.type === Fragment)
    return flatten(Children.toArray((node as Element).props.children as ReactNode));
  return [node];
}

/** Whether the page's HTML holds `href`'s text: the server's read, or, in the browser, its `<style>`. */
function inlined(href: string) {
  if (typeof document === "undefined") return firstPaintCss(href);
  const style = document.querySelector(`style[${FIRST_PAINT_ATTRIBUTE}="${CSS.escape(href)}"]`);
  return style ? (style.textContent ?? "") : undefined;
}

/**
 * React Router's `<Links />` with the page's stylesheets inside the HTML for the first paint
 * (app/lib/first-paint-css.ts): each `<link rel="stylesheet">` becomes its text in a `<style>` and
 * the link itself, `media="print"` until hydration (fetched, not render-blocking; React's hydration
 * takes the `<style>` as its own). Once hydrated the links apply, and once they are loaded the
 * copies leave the tree, but for a sheet with @font-face (its copy stays, its link stays print).
 * A page without script (`hydrates` false) keeps only the copies. All or nothing: when one sheet's
 * text is missing or the page's CSS passes the limit, the links are left as they are.
 */
export function FirstPaintLinks({ hydrates, ...props }: LinksProps & { hydrates: boolean }) {
  const nodes = flatten(Links(props));
  const hydrated = useHydrated();
  // Hydrated and every link loaded: React Router's links alone from then on.
  const [settled, setSettled] = useState(false);
  const sheets = nodes.filter(isStylesheet).map((node) => String(node.props.href));
  const texts = sheets.map(inlined);
  const inline =
    !settled &&
    sheets.length > 0 &&
    texts.every((text) => text !== undefined) &&
    texts.reduce((sum, text) => sum + (text?.length ?? 0), 0) <= FIRST_PAINT_CSS_LIMIT;

  useEffect(() => {
    if (!hydrated) return;
    const loading = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((link) => !link.sheet)
      .map(
        (link) =>
          new Promise((done) => {
            link.addEventListener("load", done);
            link.addEventListener("error", done);
          }),
      );
    let live = true;
    void Promise.all(loading).then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [hydrated]);

  // One shape whatever the state (each sheet: its copy or null, then its link), so React keeps the
  // same <link> elements when the copies go: a new element would fetch and apply its sheet again.
  return (
    <>
      {nodes.map((node) => {
        if (!isStylesheet(node)) return node;
        const href = String(node.props.href);
        const copy = inline || settled ? texts[sheets.indexOf(href)] : undefined;
        // A sheet with @font-face keeps its copy (and its link stays print) for the page's life: the
        // link's rules would be font faces of their own, not loaded yet, and the text would fall back.
        const fonts = copy?.includes("@font-face") ?? false;
        const text = settled && !fonts ? undefined : copy;
        const style =
          text === undefined ? null : (
            <style
              key={`${href} text`}
              {...{ [FIRST_PAINT_ATTRIBUTE]: href }}
              dangerouslySetInnerHTML={{ __html: text }}
            />
          );
        if (style && !hydrates) return style;
        return [style && (!hydrated || fonts) ? cloneElement(node, { media: "print" }) : node, style];
      })}
    </>
  );
}
