#!/usr/bin/env python3
"""Regenerates the README's pictures (Docs/images) from `dance-demo`'s output.

    swift run dance-demo --output /tmp/demo && python3 scripts/readme-images.py /tmp/demo
    python3 scripts/readme-images.py /tmp/demo FRAME OUT.png   one frame, to look at

curves.png and timeline.png are their SVGs as they are; showcase.png is showcase.svg frozen at one frame
(FRAME, default 150 = 2.5 s): every <animate>/<animateTransform> replaced by its value at
that frame, since renderers such as rsvg-convert draw an animated SVG at time 0.
Needs rsvg-convert (Debian: librsvg2-bin).
"""
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
FPS = 60  # the showcase's frames per second


def freeze(path, frame):
    ET.register_namespace("", SVG[1:-1])
    tree = ET.parse(path)
    for parent in tree.iter():
        transforms = [parent.get("transform")] if parent.get("transform") else []
        for child in list(parent):
            if child.tag not in (SVG + "animate", SVG + "animateTransform"):
                continue
            values = child.get("values").split(";")
            if len(values) == 2 and child.get("dur", "").endswith("s"):
                # A two-value animation (the progress bar) moves linearly over its duration.
                fraction = min(frame / FPS / float(child.get("dur")[:-1]), 1)
                start, end = float(values[0]), float(values[1])
                value = f"{start + (end - start) * fraction:g}"
            else:
                value = values[min(frame, len(values) - 1)]
            if child.tag == SVG + "animate":
                parent.set(child.get("attributeName"), value)
            else:
                step = f"{child.get('type')}({value})"
                # A non-additive transform replaces what was there; additive ones follow it.
                transforms = transforms + [step] if child.get("additive") == "sum" else [step]
            parent.remove(child)
        if transforms:
            parent.set("transform", " ".join(transforms))
    return ET.tostring(tree.getroot(), encoding="unicode")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    frame = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    output = sys.argv[3] if len(sys.argv) > 3 else "Docs/images/showcase.png"
    frozen = freeze(f"{directory}/showcase.svg", frame)
    subprocess.run(["rsvg-convert", "-o", output], input=frozen.encode(), check=True)
    if len(sys.argv) > 3:
        return  # a frame to look at, not the README's pictures
    for name in ("curves", "timeline"):
        subprocess.run(
            ["rsvg-convert", "-o", f"Docs/images/{name}.png", f"{directory}/{name}.svg"],
            check=True)


if __name__ == "__main__":
    main()
