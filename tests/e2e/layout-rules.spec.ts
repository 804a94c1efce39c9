// The layout check's rules (./a11y/layout.ts) against small pages made for them: each rule must catch
// what it is for and pass what is fine, or the check over every page proves nothing.
import { expect, test } from "@playwright/test";
import { layoutProblems } from "./a11y/layout";

test.use({ trace: "off", screenshot: "off", viewport: { width: 1280, height: 800 } });

const page = (body: string) =>
  `<!doctype html><html><body style="margin:0;font:16px/1.5 sans-serif;overflow-wrap:anywhere">${body}</body></html>`;

test("a short word broken across lines in a squeezed column is reported", async ({ page: browser }) => {
  await browser.setContent(
    page(`<table style="width:90px;border-collapse:collapse"><tr>
      <th>Order</th><th>Amount</th></tr><tr><td>#1024</td><td>$149.00</td></tr></table>`),
  );
  const problems = (await layoutProblems(browser)).join("\n");
  expect(problems).toContain("words broken across lines");
  expect(problems).toMatch(/"Amount" is broken over [2-9] lines|"\$149\.00" is broken over [2-9] lines/);
});

test("one word in a box narrower than itself is reported", async ({ page: browser }) => {
  await browser.setContent(page(`<p style="width:40px">Refunded</p>`));
  expect((await layoutProblems(browser)).join("\n")).toContain('"Refunded" is broken over');
});

test("prose wrapping between words, after hyphens and dashes, is not reported", async ({ page: browser }) => {
  await browser.setContent(
    page(`<p style="width:120px">Early Risers sign-ups appear here when members join the community page —
      newest first, with their message and/or address.</p>
      <p style="width:70px">well-known self-hosted</p>`),
  );
  expect(await layoutProblems(browser)).toEqual([]);
});

test("ids, e-mails and file names may wrap; prices and short words may not", async ({ page: browser }) => {
  await browser.setContent(
    page(`<h1 style="width:150px">Hello 179573990464521</h1>
      <p style="width:60px">dj_rivera@example.com</p><p style="width:50px">notes.png</p>`),
  );
  expect(await layoutProblems(browser)).toEqual([]);
  await browser.setContent(page(`<p style="width:30px">$149.00</p>`));
  expect((await layoutProblems(browser)).join("\n")).toContain('"$149.00" is broken over');
});

test("text clipped away for screen readers only is not reported", async ({ page: browser }) => {
  await browser.setContent(
    page(`<div style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">
      <table><tr><th>Amount</th><th>Refunded</th></tr></table></div>
      <p>Visible text that fits on one line.</p>`),
  );
  expect(await layoutProblems(browser)).toEqual([]);
});

test("one line ending in an ellipsis is not reported", async ({ page: browser }) => {
  await browser.setContent(
    page(`<p style="width:120px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis"
      title="someone.with.a.long.address@example.com">someone.with.a.long.address@example.com</p>`),
  );
  expect(await layoutProblems(browser)).toEqual([]);
});

test("what a closed <details> holds is not reported", async ({ page: browser }) => {
  await browser.setContent(
    page(`<details style="width:100px"><summary>Terms</summary>
      <ul><li>The licensee may use the work in commercial performances, broadcasts and streams.</li></ul></details>`),
  );
  expect(await layoutProblems(browser)).toEqual([]);
});

test("a two-word button label wrapped one word per line is reported", async ({ page: browser }) => {
  // The bid gallery's buttons (issue 44.6): each word fits, so no word is broken, but the label is.
  await browser.setContent(
    page(`<div style="display:flex;gap:8px;width:200px">
      <button style="flex:1 1 0;min-width:0;padding:8px 18px;font:600 16px/1.2 sans-serif">Make Offer</button>
      <button style="flex:1 1 0;min-width:0;padding:8px 18px;font:600 16px/1.2 sans-serif">Set Maximum</button></div>`),
  );
  const problems = (await layoutProblems(browser)).join("\n");
  expect(problems).toContain("control labels wrapped one word per line");
  expect(problems).toMatch(/button "Make Offer" shows its 2 words one per line/);
  expect(problems).toMatch(/button "Set Maximum" shows its 2 words one per line/);
});

test("a button label on one line, or wrapped with words sharing lines, is not reported", async ({ page: browser }) => {
  await browser.setContent(
    page(`<button style="font:600 16px/1.2 sans-serif">Make Offer</button>
      <button style="width:190px;font:600 16px/1.2 sans-serif">Add a shipping address in Settings first</button>
      <p style="width:120px">Please <a href="#">add a shipping address</a> before making an offer.</p>`),
  );
  expect(await layoutProblems(browser)).toEqual([]);
});
