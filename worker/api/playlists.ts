// Playlists: one per project, its items, their slots and order (seed 000 §7 playlist calls).
import {
  addToPlaylistSchema,
  checkSlotSchema,
  playlistSlotSchema,
  reorderSchema,
} from "../../app/kernel/schemas/playlists";
import {
  isSlotFree,
  listPlaylists,
  projectPlaylist,
  removeItem,
  reorderPlaylist,
  setItemSlot,
} from "../domain/playlists/playlists";
import { applicationsOf } from "../domain/programs/applications";
import { addFilesToPlaylist } from "../domain/shows/segments";
import { memberApi, valid } from "./context";

export const playlistsApi = memberApi((app) =>
  app
    .get("/playlists", async (c) => c.json({ success: true, data: await listPlaylists(c.var.deps, c.var.user.id) }))
    .get("/projects/:projectId/playlist", async (c) =>
      c.json(await projectPlaylist(c.var.deps, c.var.user.id, c.req.param("projectId"))),
    )
    .post("/projects/:projectId/playlist/items", valid("json", addToPlaylistSchema), async (c) => {
      const { fileIds } = c.req.valid("json");
      const result = await addFilesToPlaylist(c.var.deps, c.var.user.id, c.req.param("projectId"), fileIds);
      return c.json({ success: true, ...result }, 201);
    })
    // A question, not an error: "taken" is a normal answer, so 200 either way.
    .post("/playlists/:playlistId/check-slot", valid("json", checkSlotSchema), async (c) => {
      const { slotPosition } = c.req.valid("json");
      const free = await isSlotFree(c.var.deps, c.var.user.id, c.req.param("playlistId"), slotPosition);
      return c.json({
        success: free,
        message: free ? "Slot position is available." : "Slot position already exists in this playlist.",
      });
    })
    .put("/playlists/:playlistId/order", valid("json", reorderSchema), async (c) => {
      await reorderPlaylist(c.var.deps, c.var.user.id, c.req.param("playlistId"), c.req.valid("json").itemIds);
      return c.json({ success: true });
    })
    .get("/playlists/:playlistId/applications", async (c) =>
      c.json({ applications: await applicationsOf(c.var.deps, c.var.user.id, c.req.param("playlistId")) }),
    )
    .put("/playlist-items/:itemId/slot", valid("json", playlistSlotSchema), async (c) => {
      const { slotPosition } = c.req.valid("json");
      return c.json({
        success: true,
        ...(await setItemSlot(c.var.deps, c.var.user.id, c.req.param("itemId"), slotPosition)),
      });
    })
    .delete("/playlist-items/:itemId", async (c) =>
      c.json(await removeItem(c.var.deps, c.var.user.id, c.req.param("itemId"))),
    ),
);
