// The schema modules the forms check with, loaded when a form is submitted (or, for the store
// manager's inline edits, first edited) and not with the page, so zod is in no public page's first
// load, nor the store's (ADR 051). Forms are submitted in the browser only:
// in the Worker's build the branch is dropped, which keeps its bundle in one piece (a dynamic import
// would split it into chunks, and the pieces compress worse).
const browserOnly = () => Promise.reject(new Error("Forms are checked in the browser."));

export const beatBattleSchemas = () => (import.meta.env.SSR ? browserOnly() : import("../kernel/schemas/beatbattle"));
export const checkoutSchemas = () => (import.meta.env.SSR ? browserOnly() : import("../kernel/schemas/checkout"));
export const beatDetailsSchemas = () =>
  import.meta.env.SSR ? browserOnly() : import("../kernel/schemas/beat-details");
export const productSchemas = () => (import.meta.env.SSR ? browserOnly() : import("../kernel/schemas/products"));
export const fundraiserSchemas = () => (import.meta.env.SSR ? browserOnly() : import("../kernel/schemas/fundraiser"));
