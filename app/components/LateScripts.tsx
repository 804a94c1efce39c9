import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

/**
 * React Router's `<Scripts />`, fetched once the first screen's own requests are in: no
 * `<link rel="modulepreload">` in the HTML and no static `import` in its bootstrap, so on a slow
 * phone line the page's modules (the framework alone is ~105 KB gzipped) do not share the line with
 * its render-blocking stylesheets (none when they are inlined, FirstPaintLinks) and its
 * `fetchpriority="high"` pictures (waited for at most `LATE_SCRIPTS_CAP_MS`). Then it adds the same
 * module preloads at once (one parallel round trip, no chain) and imports what `<Scripts />` would,
 * in the same order. With nothing to wait for it starts at once, before the load event, as before.
 */
export function LateScripts(props: ScriptsProps) {
  // Called, not rendered: its hooks run as this component's, and its elements are rewritten below.
  const tree = Scripts(props);
  if (!tree) return null;
  const preloads: string[] = [];
  const collect = (node: ReactNode): ReactNode => {
    if (Array.isArray(node)) return node.map(collect);
    if (!isValidElement(node)) return node;
    const element = node as ReactElement<Record<string, unknown>>;
    if (element.type === "link" && element.props.rel === "modulepreload") {
      preloads.push(String(element.props.href));
      return null;
    }
    if (element.type === Fragment) {
      return <Fragment key={element.key}>{Children.map(element.props.children as ReactNode, collect)}</Fragment>;
    }
    return element;
  };
  const rest = collect(tree);
  const rewrite = (node: ReactNode): ReactNode => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isValidElement(node)) return node;
    const element = node as ReactElement<Record<string, unknown>>;
    if (element.type === Fragment) {
      return <Fragment key={element.key}>{Children.map(element.props.children as ReactNode, rewrite)}</Fragment>;
    }
    const html = (element.props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html;
    if (element.type === "script" && element.props.type === "module" && html?.trim()) {
      return cloneElement(element, { dangerouslySetInnerHTML: { __html: lateBootstrap(html, preloads) } });
    }
    return element;
  };
  return <>{rewrite(rest)}</>;
}

/** How long the bootstrap waits for the high-priority pictures before it loads the modules anyway. */
export const LATE_SCRIPTS_CAP_MS = 3000;

/**
 * The bootstrap: wait for the first screen (nothing, most of the time), add the module preloads at
 * once, then insert React Router's own bootstrap (static imports) as a new module script. An
 * inserted script delays the load event like a parsed one, so with nothing to wait for the page is
 * hydrating by `load` exactly as with `<Scripts />`.
 */
export function lateBootstrap(script: string, preloads: string[]) {
  const quoted = `'${script
    .replace(/\\/g, "\\\\")
    .replace(/'/g, "\\'")
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/<\/script/gi, "<\\/script")}'`;
  const waitFor = (list: string) =>
    `for(const el of document.querySelectorAll(${JSON.stringify(list)}))if(!(el.sheet||el.complete))w.push(new Promise(r=>{el.addEventListener("load",r);el.addEventListener("error",r)}));`;
  return [
    "const w=[];",
    waitFor('link[rel="stylesheet"]:not([media="print"])'),
    waitFor('img[fetchpriority="high"]'),
    `Promise.race([Promise.all(w),new Promise(r=>setTimeout(r,${LATE_SCRIPTS_CAP_MS}))]).then(()=>{`,
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}`,
    `const s=document.createElement("script");s.type="module";s.textContent=${quoted};document.body.append(s)});`,
  ].join("");
}
