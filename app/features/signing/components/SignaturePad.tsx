// A drawn signature (issue 34): strokes with a mouse, pen or finger, kept as an SVG path in a
// 400 x 150 box (the certificate draws it as vectors). `onChange` gets the path, or "" when cleared.
// Keyboard users type their signature instead (the signing page's other choice).
import { useRef, useState } from "react";
import styles from "./signing.module.css";

const WIDTH = 400;
const HEIGHT = 150;

export function SignaturePad({ onChange }: { onChange: (path: string) => void }) {
  const [path, setPath] = useState("");
  const drawing = useRef(false);
  const svg = useRef<SVGSVGElement>(null);

  const point = (event: React.PointerEvent) => {
    const box = svg.current!.getBoundingClientRect();
    const x = Math.min(WIDTH, Math.max(0, ((event.clientX - box.left) / box.width) * WIDTH));
    const y = Math.min(HEIGHT, Math.max(0, ((event.clientY - box.top) / box.height) * HEIGHT));
    return `${x.toFixed(1)} ${y.toFixed(1)}`;
  };
  const extend = (next: string) => {
    setPath(next);
    onChange(next);
  };

  return (
    <div className={styles.pad}>
      <svg
        ref={svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.canvas}
        role="img"
        aria-label={path ? "Your drawn signature" : "Signature area: draw your signature here"}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          extend(`${path}${path ? " " : ""}M${point(event)}`);
        }}
        onPointerMove={(event) => {
          if (drawing.current) extend(`${path} L${point(event)}`);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      >
        <line x1="20" y1="120" x2="380" y2="120" className={styles.baseline} />
        <path d={path} className={styles.stroke} />
      </svg>
      <button type="button" className="button small" onClick={() => extend("")} disabled={!path}>
        Clear
      </button>
    </div>
  );
}
