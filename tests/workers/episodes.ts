// A FarmerTV episode published through the API from verified uploads (video, optional cover).
import { expect } from "vitest";
import { call } from "./http";
import { mp4Bytes, PNG, uploadAs } from "./uploads";

export async function publish(cookie: string, title = "Harvest day", withCover = true) {
  const video = await uploadAs(cookie, "episode-video", {
    fileName: "ep.mp4",
    contentType: "video/mp4",
    bytes: mp4Bytes(4096),
  });
  const cover = withCover
    ? await uploadAs(cookie, "episode-cover", { fileName: "c.png", contentType: "image/png", bytes: PNG })
    : null;
  const response = await call("/api/episodes", {
    cookie,
    json: { title, description: "Tractors at dawn", videoUploadId: video.uploadId, coverUploadId: cover?.uploadId },
  });
  expect(response.status).toBe(201);
  return (await response.json<any>()).episode;
}
