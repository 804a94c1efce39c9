// What the file view's components receive: the loader's answer as the browser sees it.
import type { Route } from "../pages/+types/file-view";

export type FileViewData = Route.ComponentProps["loaderData"]["view"];
export type FileData = FileViewData["file"];
export type NoteData = FileViewData["notes"][number];
/** Shows a message under the actions (errors as alerts). */
export type OnMessage = (text: string, error?: boolean) => void;
