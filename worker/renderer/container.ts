// The ffmpeg renderer as a Cloudflare Container (production). Locally there
// is no Docker engine: the same render-container/server.ts runs as a Node
// process and the consumer reaches it through RENDERER_URL.
import { Container } from "@cloudflare/containers";

export class Renderer extends Container {
  defaultPort = 8080;
  sleepAfter = "5m";
}
