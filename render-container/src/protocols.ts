/** The only protocols ffprobe/ffmpeg may use for a signed URL: a crafted file cannot make them open local files. */
export const NETWORK_PROTOCOLS = "http,https,tcp,tls";
