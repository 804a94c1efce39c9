// What `ffprobe -print_format json -show_streams -show_format` answers, as far as
// the probe and the readability check (./readable.ts) read it.
export type FfprobeStream = {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  channel_layout?: string;
  duration?: string;
  /** With `-show_data_hash`: "SHA256:…" of the codec's global header (H.264 SPS/PPS, AAC config). */
  extradata_hash?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
};

export type FfprobeOutput = {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; size?: string; bit_rate?: string };
};
