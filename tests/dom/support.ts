// Rendering browser components in the 'dom' vitest project (happy-dom): mount, wait, type, choose files,
// and a fetch that answers per path. Components run as they do in the browser; only the network is stood in.
// After each test of a file that imports this, what it mounted is unmounted and the globals it stood in
// for (`answerFetch`, `vi.stubGlobal`) are restored, so no test file repeats that cleanup.
import { act, createElement, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, vi } from "vitest";
import { UiProvider } from "../../app/components/ui/UiProvider";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  host: HTMLDivElement;
  root: Root;
  unmount(): Promise<void>;
}

const mounted = new Set<Mounted>();

afterEach(async () => {
  for (const view of mounted) await view.unmount();
  vi.unstubAllGlobals();
});

export async function mount(ui: ReactNode): Promise<Mounted> {
  const host = document.createElement("div");
  document.body.appendChild(host);
  const root = createRoot(host);
  // Inside the UiProvider root.tsx renders around every page (toasts and confirmations).
  await act(async () => root.render(createElement(UiProvider, null, ui)));
  const view: Mounted = {
    host,
    root,
    async unmount() {
      if (!mounted.delete(view)) return;
      await act(async () => root.unmount());
      host.remove();
    },
  };
  mounted.add(view);
  return view;
}

/** Polls `probe` (letting React and timers run) until it answers something truthy. */
export async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const found = probe();
    if (found) return found;
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Types into a React-controlled input (the native setter, then the input event React listens to). */
export async function typeInto(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Chooses files in a file input, as the browser's picker would. */
export async function chooseFiles(input: HTMLInputElement, files: File[]) {
  await act(async () => {
    Object.defineProperty(input, "files", { configurable: true, value: files });
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

export async function click(element: Element) {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

export async function submit(form: HTMLFormElement) {
  await act(async () => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Replaces fetch: `answer` decides each request's response (throw to act as a network failure). */
export function answerFetch(answer: (request: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const text = typeof init?.body === "string" ? init.body : null;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    const request = { method: init?.method ?? "GET", url: String(input), body };
    sent.push(request);
    return answer(request);
  });
  return sent;
}

export const byRole = (host: Element, role: string) => [...host.querySelectorAll(`[role="${role}"]`)];
export const texts = (elements: Element[]) => elements.map((element) => element.textContent?.trim() ?? "");

export function button(host: Element, name: string | RegExp) {
  const found = [...host.querySelectorAll("button")].find((b) =>
    typeof name === "string" ? b.textContent?.trim() === name : name.test(b.textContent ?? ""),
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

/** What `promise` rejected with; fails the test when it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  const outcome = await promise.then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (outcome.resolved) throw new Error("expected a rejection, but the promise resolved");
  return outcome.error;
}

/**
 * Storage's side of a signed PUT (the browser sends it through XMLHttpRequest): records each request
 * and answers 200 with an ETag, at once or, with `hold`, only once `release()` is called.
 */
export function stubStorageUploads({ hold = false } = {}) {
  const puts: { method: string; url: string; size: number }[] = [];
  const held: (() => void)[] = [];
  let released = !hold;
  class StorageXhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: "", url: "" };
    open(method: string, url: string) {
      this.request = { method, url };
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === "etag" ? '"etag-1"' : null;
    }
    abort() {}
    send(body: Blob) {
      puts.push({ ...this.request, size: body.size });
      const answer = () => {
        this.upload.onprogress?.({ loaded: body.size });
        this.status = 200;
        this.onload?.();
      };
      if (released) setTimeout(answer, 0);
      else held.push(answer);
    }
  }
  vi.stubGlobal("XMLHttpRequest", StorageXhr);
  return {
    puts,
    held,
    release() {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
  };
}
