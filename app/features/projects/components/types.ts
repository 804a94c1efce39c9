// What the project page's components receive: the loader's answer as the browser sees it.
import type { Route } from "../pages/+types/project";

export type ProjectData = Route.ComponentProps["loaderData"];
