"""Renders one example room of Aranżer's photo library with Blender's Cycles on the CPU.

    nice -n 19 blender -b -P scripts/library/render_room.py -- ROOM OUT.png [--width 1152 --height 768
        --samples 2048 --time-limit 200 --threads 0 --blend SCENE.blend]

ROOM is one of: dining-room, bathroom, office, terrace, kids-room (the other room types ship CC0 photos).
The scene is modelled from primitives (scene_kit.py). Besides OUT.png (a Filmic preview, not shipped)
it writes the raw passes OUT.png.{color,albedo,normal,depth}.f32 and OUT.png.json, which
scripts/library/build-library.mjs denoises (denoise.mjs) into public/library/ROOM.jpg.

Debian's Blender (3.4.1) is built without OpenImageDenoise, hence that denoiser of our own; the scene
helps it with light portals and soft fill lights at the windows, adaptive sampling and clamping, and the
render stops at the time limit (as many samples as fit: 10-15 on two shared cores at 1152x768).
"""

import argparse
import math
import os
import random
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bpy  # noqa: E402
from mathutils import Vector  # noqa: E402

import scene_kit as K  # noqa: E402
from scene_kit import box, cyl, sphere, group, bowl, lathe, pbr, fabric, wood, tiles, plaster  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Furniture


def chair(parent, frame, seat_mat, style="dining"):
    """Dining chair in the parent's frame: the sitter faces +Y; seat at 0.46 m."""
    lw = 0.035
    for x in (-0.21, 0.21 - lw):
        for y in (-0.21, 0.21 - lw):
            box(frame, (x, y, 0), (x + lw, y + lw, 0.44), parent=parent, bev=0.004)
    # rails under the seat
    box(frame, (-0.21, -0.21, 0.36), (0.21, -0.21 + lw * 0.6, 0.43), parent=parent, bev=0.003)
    box(frame, (-0.21, 0.21 - lw * 0.6, 0.36), (0.21, 0.21, 0.43), parent=parent, bev=0.003)
    # upholstered seat
    box(seat_mat, (-0.23, -0.23, 0.43), (0.23, 0.23, 0.49), parent=parent, bev=0.022, segs=4, soft=True)
    # back legs continue up into the backrest
    for x in (-0.21, 0.21 - lw):
        box(frame, (x, -0.21, 0.44), (x + lw, -0.21 + lw, 0.86), parent=parent, bev=0.004)
    box(seat_mat, (-0.22, -0.235, 0.6), (0.22, -0.185, 0.86), parent=parent, bev=0.02, segs=4, soft=True)


def table(parent, length, depth, height, top_mat, leg_mat, top=0.04, leg=0.06, inset=0.08):
    box(top_mat, (-length / 2, -depth / 2, height - top), (length / 2, depth / 2, height), parent=parent, bev=0.006, segs=3)
    for sx in (-1, 1):
        for sy in (-1, 1):
            x = sx * (length / 2 - inset) - (leg if sx > 0 else 0)
            y = sy * (depth / 2 - inset) - (leg if sy > 0 else 0)
            box(leg_mat, (x, y, 0), (x + leg, y + leg, height - top), parent=parent, bev=0.004)
    # apron
    box(leg_mat, (-length / 2 + inset, -depth / 2 + inset, height - top - 0.08), (length / 2 - inset, -depth / 2 + inset + 0.02, height - top), parent=parent)
    box(leg_mat, (-length / 2 + inset, depth / 2 - inset - 0.02, height - top - 0.08), (length / 2 - inset, depth / 2 - inset, height - top), parent=parent)


def pendant(x, y, z_bottom, ceiling, shade_mat, metal, bulb, r=0.22, h=0.2):
    """Dome pendant lamp hanging from the ceiling, lit."""
    lathe(shade_mat, (x, y), z_bottom, [(r, 0.0), (r * 0.93, h * 0.45), (r * 0.6, h * 0.85), (0.03, h), (0.0, h), (0.0, h), (0.03, h - 0.006), (r * 0.6 - 0.006, h * 0.85 - 0.006), (r * 0.93 - 0.006, h * 0.45), (r - 0.006, 0.0)], seg=48, name="shade")
    cyl(metal, (x, y), z_bottom + h - 0.005, z_bottom + h + 0.05, 0.025, name="socket")
    cyl(metal, (x, y), z_bottom + h + 0.05, ceiling, 0.0025, seg=8, name="cable")
    cyl(metal, (x, y), ceiling - 0.03, ceiling, 0.06, name="canopy")
    sphere(bulb, (x, y, z_bottom + h - 0.07), 0.045, seg=16, name="bulb")
    K.point_light((x, y, z_bottom + h - 0.07), 40.0, radius=0.04)


def books(x0, x1, y0, y1, z, rng, along="x", max_h=0.3, lean_gap=True, palette=None):
    """A row of books on a shelf between x0..x1 (along x) or y0..y1 (along y), spines facing the room."""
    palette = palette or ["#7b2e2e", "#2e4a6b", "#d8cfbf", "#3d5a40", "#c48a3a", "#222222", "#8c6d8f", "#b9b2a3", "#a33c2f", "#5b7f95"]
    mats = [pbr(f"book{i}", c, rough=0.6) for i, c in enumerate(palette)]
    pos = x0 if along == "x" else y0
    end = x1 if along == "x" else y1
    while pos < end - 0.03:
        t = rng.uniform(0.018, 0.045)
        if pos + t > end:
            break
        h = rng.uniform(0.6, 1.0) * max_h
        d = rng.uniform(0.75, 1.0)
        m = rng.choice(mats)
        if along == "x":
            depth = (y1 - y0) * d
            box(m, (pos, y0, z), (pos + t, y0 + depth, z + h), bev=0.002, name="book")
        else:
            depth = (x1 - x0) * d
            box(m, (x1 - depth, pos, z), (x1, pos + t, z + h), bev=0.002, name="book")
        pos += t + 0.001
        if lean_gap and rng.random() < 0.08:
            pos += rng.uniform(0.05, 0.15)


def vase_with_branches(center, z, vase_mat, seed=5, height=0.5):
    cx, cy = center
    lathe(vase_mat, (cx, cy), z, [(0.0, 0.0), (0.05, 0.0), (0.075, 0.08), (0.06, 0.2), (0.03, 0.26), (0.032, 0.28), (0.0, 0.28)], seg=32, name="vase")
    rng = random.Random(seed)
    twig = pbr("twig", "#5a4632", rough=0.8)
    leaf = K.foliage("eucalyptus", "#7d9b84", rough=0.6)
    import bmesh

    bm = bmesh.new()
    for i in range(6):
        a = rng.uniform(0, 2 * math.pi)
        lean = rng.uniform(0.15, 0.45)
        d = Vector((math.cos(a) * lean, math.sin(a) * lean, 1)).normalized()
        ln = height * rng.uniform(0.7, 1.1)
        base = Vector((cx, cy, z + 0.25))
        for k in range(9):
            t = 0.3 + 0.7 * k / 9
            p = base + d * ln * t
            g = bmesh.ops.create_uvsphere(bm, u_segments=8, v_segments=6, radius=1.0)
            bmesh.ops.transform(bm, matrix=K.Matrix.Translation(p + Vector((rng.uniform(-0.03, 0.03), rng.uniform(-0.03, 0.03), 0))) @ K.Matrix.Rotation(rng.uniform(0, 3), 4, "Z") @ K.Matrix.Diagonal((0.03, 0.022, 0.004, 1)), verts=g["verts"])
        cyl(twig, (0, 0), 0, ln, 0.003, seg=6, name="twig").matrix_world = K.Matrix.Translation(base) @ d.to_track_quat("Z", "Y").to_matrix().to_4x4()
    K._link("eucalyptus", bm, leaf, smooth=True)


def rug(mat, x0, y0, x1, y1, thick=0.012):
    return box(mat, (x0, y0, 0.0), (x1, y1, thick), bev=0.006, segs=2, name="rug")


# ---------------------------------------------------------------------------------------------
# Rooms


def dining_room(scene, rng):
    W, D, H = 5.0, 5.6, 2.75
    walls = K.plaster("wall paint", "#e8e2d6")
    floor = wood("oak floor", light="#c29a6b", dark="#9c7247", plank=(1.5, 0.2))
    ceil = K.plaster("ceiling", "#f3f1ec")
    frame = pbr("window frame", "#f2f2ef", rough=0.4)
    skirting = pbr("skirting", "#f0eee8", rough=0.45)
    windows = [
        dict(side="back", u=0.1, width=2.7, sill=0.3, top=2.45, panes=3, transom=2.05),
        dict(side="left", u=3.9, width=1.4, sill=0.85, top=2.35, panes=2),
    ]
    room = K.Room(W, D, H, walls, floor, ceil, frame, windows, skirting_mat=skirting)
    K.daylight(scene, sun_elevation=28, sun_azimuth=-30, sun_strength=80.0, sky_strength=1.0)
    outdoor(scene, rng, D=D, W=W)

    # curtains beside the back window
    linen = K.fabric("linen curtain", "#d9d0c1", rough=0.9)
    fn = lambda u, n, z: room.point("back", u, -0.08 - n, z)
    K.curtain(linen, fn, -1.75, -1.2, 0.02, 2.62)
    K.curtain(linen, fn, 1.4, 1.95, 0.02, 2.62)
    metal_black = pbr("black metal", "#1b1b1b", rough=0.35, metal=0.8)
    cyl(metal_black, (room.point("back", 0, -0.1, 2.66).y, 2.66), -2.0, 2.2, 0.012, axis="x", name="curtain rod")

    # table with chairs
    oak = wood("oak table", light="#c9a57a", dark="#a47b4f", planks=False, rough=0.4, clearcoat=0.1)
    dark = pbr("dark wood", "#3b2b20", rough=0.45)
    upholstery = K.fabric("chair fabric", "#b9ab95")
    t = group("table", (0.1, 3.0, 0), 0)
    table(t, 2.0, 0.95, 0.75, oak, oak)
    for (x, y, a) in [(-0.5, -0.72, 0), (0.5, -0.72, 0), (-0.5, 0.72, 180), (0.5, 0.72, 180), (-1.27, 0.0, -90), (1.27, 0.0, 90)]:
        c = group("chair", (0.1 + x + rng.uniform(-0.03, 0.03), 3.0 + y, 0), a + rng.uniform(-4, 4))
        chair(c, dark, upholstery)
    # table setting
    plate = pbr("porcelain", "#f4f2ee", rough=0.15, clearcoat=0.5)
    glass_m = K.glass("tumbler", reflect=0.15)
    for (x, y) in [(-0.5, -0.3), (0.5, -0.3), (-0.5, 0.3), (0.5, 0.3), (-0.78, 0), (0.78, 0)]:
        px, py = 0.1 + x, 3.0 + y
        lathe(plate, (px, py), 0.75, [(0.0, 0.0), (0.08, 0.0), (0.12, 0.012), (0.135, 0.018), (0.13, 0.02), (0.11, 0.014), (0.0, 0.008)], seg=40, name="plate")
        gx = px + (0.15 if y <= 0 else -0.15)
        gy = py + (0.14 if y < 0 else -0.14) if y else py + 0.16
        bowl(glass_m, (gx, gy), 0.75, 0.035, 0.03, 0.1, wall=0.003, seg=24, name="glass")
    ceramic = pbr("vase", "#5f6f6a", rough=0.3, clearcoat=0.3)
    vase_with_branches((0.1, 3.0), 0.75, ceramic)
    # runner
    runner = K.fabric("runner", "#8b7a63")
    box(runner, (-0.7, 2.83, 0.75), (0.9, 3.17, 0.752), name="runner")

    # pendant lamps
    shade = pbr("shade", "#2c2c2a", rough=0.35, metal=0.6)
    bulb = K.emissive("bulb", "#ffdcb0", 25.0)
    for x in (-0.45, 0.65):
        pendant(x, 3.0, 1.62, H, shade, metal_black, bulb)

    # rug
    rug_m = K.stripes("rug", ["#c8bba5", "#c8bba5", "#b5a68c", "#c8bba5", "#8f7e66"], width=0.1, plane="xy")
    rug(rug_m, -1.6, 1.75, 1.8, 4.25)

    # sideboard on the right wall with art above
    sb = group("sideboard", (W / 2 - 0.24, 2.6, 0), 90)
    walnut = wood("walnut", light="#7a5538", dark="#4e3322", planks=False, rough=0.35)
    box(walnut, (-0.9, -0.23, 0.16), (0.9, 0.23, 0.8), parent=sb, bev=0.008, segs=3)
    for i in range(4):
        x0 = -0.9 + i * 0.45
        box(walnut, (x0 + 0.006, -0.236, 0.19), (x0 + 0.444, -0.23, 0.77), parent=sb, bev=0.002)
        box(metal_black, (x0 + 0.2, -0.25, 0.62), (x0 + 0.25, -0.236, 0.63), parent=sb)
    for x in (-0.82, 0.8):
        for y in (-0.17, 0.15):
            box(metal_black, (x, y, 0), (x + 0.02, y + 0.02, 0.16), parent=sb)
    rs = room.side_fn("right")
    art = K.painting("art1", ["#d7c6a8", "#b4553a", "#2f4858", "#e9dfcf"], scale=1.2, seed=2.0)
    K.picture(pbr("frame oak", "#b08a5e", rough=0.5), art, rs, 2.05, 3.25, 1.25, 2.15, mat_board=0.08)
    lamp_base = pbr("ceramic lamp", "#d9d2c5", rough=0.3)
    lathe(lamp_base, (W / 2 - 0.24, 1.95), 0.8, [(0.0, 0.0), (0.07, 0.0), (0.1, 0.12), (0.06, 0.25), (0.015, 0.28), (0.015, 0.4), (0.0, 0.4)], name="lamp base")
    lampshade = K.fabric("lampshade", "#efe6d6", rough=0.9)
    bowl(lampshade, (W / 2 - 0.24, 1.95), 1.12, 0.12, 0.17, 0.22, wall=0.004, name="lampshade")
    books(W / 2 - 0.43, W / 2 - 0.05, 2.95, 3.35, 0.8, rng, along="y", max_h=0.06, lean_gap=False)
    bowl(ceramic, (W / 2 - 0.24, 3.3), 0.86, 0.16, 0.07, 0.09, wall=0.008, name="bowl")

    # big plant in the back-left corner
    pot = pbr("pot", "#d8d1c4", rough=0.5)
    K.plant(pot, K.foliage("leaf", "#355e2b"), (-W / 2 + 0.45, D - 0.45, 0), pot_r=0.24, pot_h=0.42, height=1.45, leaves=70, leaf=(0.16, 0.08), spread=0.5)

    K.camera(scene, (-1.95, 0.35, 1.42), (0.95, 4.3, 1.42), lens=19.0, shift_y=-0.07)
    return dict(exposure=0.0)


def outdoor(scene, rng, D, W, ground_z=-0.02, trees=24, dist=(9, 40)):
    """What the windows look out on: grass, some trees and a neighbouring wall."""
    grass = K.mottled("grass", "#4f6b35", "#7a8f4f", scale=0.1)
    box(grass, (-200, -200, ground_z - 0.1), (200, 200, ground_z), name="ground")
    crown = K.mottled("tree crown", "#3c5a2a", "#6a8a45", scale=1.5, rough=0.8)
    bark = pbr("bark", "#4a3b2e", rough=0.9)
    for i in range(trees):
        if i % 3 == 0:  # beyond the left wall
            x, y = -W / 2 - rng.uniform(*dist), rng.uniform(-10, D + 30)
        else:  # beyond the back wall
            x, y = rng.uniform(-35, 35), D + rng.uniform(*dist)
        h = rng.uniform(5, 10)
        obs = [cyl(bark, (x, y), ground_z, h * 0.6, 0.18, seg=10, name="trunk")]
        obs += K.bush(crown, (x, y, h * 0.65), h * 0.35, seed=i, blobs=5)
        for ob in obs:  # scenery only: never shades the room
            ob.visible_shadow = False


def bathroom(scene, rng):
    W, D, H = 2.8, 3.4, 2.55
    paint = K.plaster("wall paint", "#ece8e1")
    subway = tiles("subway tiles", "#f4f3ef", grout="#d3d0c8", size=(0.2, 0.1), offset=0.5, plane="xz", rough=0.08, vary=0.03, gap=0.0025)
    green = tiles("green tiles", "#7d9a8a", grout="#d9d6cc", size=(0.075, 0.3), offset=0.0, plane="yz", rough=0.1, vary=0.12, gap=0.0025)
    floor = tiles("floor tiles", "#aaa59c", grout="#8c8880", size=(0.6, 0.6), offset=0.0, plane="xy", rough=0.3, vary=0.04, gap=0.003)
    ceil = K.plaster("ceiling", "#f4f3ef")
    frame = pbr("window frame", "#f2f2ef", rough=0.4)
    windows = [dict(side="back", u=-0.45, width=0.9, sill=1.2, top=2.1, panes=1, fill=40.0)]
    room = K.Room(W, D, H, paint, floor, ceil, frame, windows, wall_mats={"back": subway, "left": green})
    K.daylight(scene, sun_elevation=38, sun_azimuth=-35, sun_strength=80.0, sky_strength=1.0)
    outdoor(scene, rng, D=D, W=W)
    # half-height tiles on the right wall, with a chrome edge
    subway_yz = tiles("subway tiles side", "#f4f3ef", grout="#d3d0c8", size=(0.2, 0.1), offset=0.5, plane="yz", rough=0.08, vary=0.03, gap=0.0025)
    box(subway_yz, (W / 2 - 0.01, 0, 0), (W / 2, D, 1.2), name="wainscot")
    chrome = pbr("chrome", "#e6e8ea", rough=0.06, metal=1.0)
    box(chrome, (W / 2 - 0.016, 0, 1.2), (W / 2, D, 1.212), name="tile edge")

    # freestanding bathtub
    ceramic = pbr("ceramic", "#f6f6f3", rough=0.07, clearcoat=0.4)
    tub = lathe(ceramic, (0, 0), 0.0, [(0.0, 0.0), (0.5, 0.0), (0.64, 0.1), (0.74, 0.35), (0.79, 0.57), (0.8, 0.6), (0.77, 0.605), (0.745, 0.59), (0.7, 0.38), (0.6, 0.16), (0.45, 0.1), (0.0, 0.1)], seg=64, name="bathtub")
    tub.location = (-0.45, D - 0.56, 0.0)
    tub.scale = (1.0, 0.46, 1.0)
    # wall-mounted tub spout and mixer
    cyl(chrome, (-0.45, 0.95), D - 0.12, D, 0.018, axis="y", name="spout")
    for dx in (-0.16, 0.16):
        cyl(chrome, (-0.45 + dx, 1.0), D - 0.06, D, 0.028, axis="y", name="mixer")
    # bath mat and a wooden stool with towels by the tub
    mat_t = K.fabric("bath mat", "#d8d2c6")
    box(mat_t, (-0.85, D - 1.6, 0.0), (-0.05, D - 1.1, 0.015), bev=0.006, name="bath mat")
    teak = wood("teak", light="#a0734a", dark="#7a5233", planks=False, rough=0.5)
    st = group("stool", (0.55 - 0.2, D - 1.35, 0), 10)
    box(teak, (-0.18, -0.15, 0.42), (0.18, 0.15, 0.45), parent=st, bev=0.005)
    for x in (-0.16, 0.13):
        box(teak, (x, -0.13, 0), (x + 0.03, 0.13, 0.42), parent=st, bev=0.004)
    towel1 = K.fabric("towel", "#efe9df")
    towel2 = K.fabric("towel2", "#b9c6c0")
    box(towel1, (-0.15, -0.12, 0.45), (0.15, 0.12, 0.52), parent=st, bev=0.025, segs=4, soft=True)
    box(towel2, (-0.14, -0.11, 0.52), (0.14, 0.11, 0.58), parent=st, bev=0.022, segs=4, soft=True)

    # walk-in shower in the back-right corner
    shower_glass = K.glass("shower glass", tint="#f2f7f6", reflect=0.12)
    box(shower_glass, (0.6, D - 1.0, 0.0), (0.61, D, 2.0), name="shower screen")
    black = pbr("black metal", "#1d1d1d", rough=0.4, metal=0.7)
    box(black, (0.598, D - 1.0, 1.99), (0.612, D, 2.01), name="screen profile")
    box(black, (0.598, D - 1.0, 0.0), (0.612, D - 0.99, 2.0), name="screen profile")
    cyl(black, (1.0, D - 0.38), 2.19, 2.2, 0.14, name="rain head")
    cyl(black, (1.0, 2.22), D - 0.38, D, 0.012, axis="y", name="shower arm")
    cyl(black, (1.0, 1.1), D - 0.05, D, 0.035, axis="y", name="shower mixer")
    box(black, (0.98, D - 0.09, 1.09), (1.02, D - 0.05, 1.2), name="lever")
    box(black, (0.7, D - 0.12, 0.0), (1.35, D - 0.06, 0.004), name="drain")

    # floating vanity, vessel basin, round mirror and sconces on the left wall
    oak = wood("vanity oak", light="#b88e62", dark="#9c7148", planks=False, rough=0.45, plane="yz", grain_scale=3.0, distortion=1.5)
    vx0 = -W / 2
    box(oak, (vx0, 1.0, 0.38), (vx0 + 0.48, 2.0, 0.84), bev=0.004, name="vanity")
    box(oak, (vx0 + 0.48, 1.005, 0.615), (vx0 + 0.485, 1.995, 0.62), name="drawer gap")
    stone = pbr("stone top", "#e4e1db", rough=0.22)
    box(stone, (vx0, 0.98, 0.84), (vx0 + 0.5, 2.02, 0.87), bev=0.003, name="counter")
    for zz in (0.72, 0.5):
        box(black, (vx0 + 0.485, 1.35, zz), (vx0 + 0.5, 1.65, zz + 0.015), bev=0.003, name="handle")
    bowl(ceramic, (vx0 + 0.27, 1.5), 0.87, 0.21, 0.13, 0.14, wall=0.01, seg=64, name="basin")
    cyl(black, (vx0 + 0.05, 1.5), 0.87, 1.2, 0.016, name="tap")
    cyl(black, (1.5, 1.19), vx0 + 0.05, vx0 + 0.2, 0.012, axis="x", name="tap spout")
    amber = pbr("amber glass", "#6b3b12", rough=0.1, spec=0.6)
    cyl(amber, (vx0 + 0.12, 1.1), 0.87, 1.05, 0.035, name="soap")
    cyl(black, (vx0 + 0.12, 1.1), 1.05, 1.08, 0.01, name="pump")
    mirror = pbr("mirror", "#eef0f0", rough=0.015, metal=1.0)
    brass = pbr("brass", "#c9a35d", rough=0.25, metal=1.0)
    cyl(brass, (1.5, 1.62), vx0, vx0 + 0.02, 0.42, seg=96, axis="x", name="mirror frame")
    cyl(mirror, (1.5, 1.62), vx0, vx0 + 0.025, 0.40, seg=96, axis="x", name="mirror")
    opal = K.emissive("opal", "#fff1dc", 6.0)
    for y in (0.9, 2.1):
        cyl(brass, (y, 1.7), vx0, vx0 + 0.12, 0.012, axis="x", name="sconce arm")
        sphere(opal, (vx0 + 0.17, y, 1.7), 0.065, seg=24, name="sconce")
        K.point_light((vx0 + 0.17, y, 1.7), 8.0, radius=0.06, color="#ffe2bd")
    towel3 = K.fabric("hand towel", "#efe9df")
    box(towel3, (vx0 + 0.3, 1.8, 0.87), (vx0 + 0.46, 1.98, 0.92), bev=0.02, segs=3, soft=True, name="hand towel")

    # wall-hung toilet on the right wall
    tx = W / 2
    ty = 2.0
    box(ceramic, (tx - 0.55, ty, 0.24), (tx - 0.01, ty + 0.36, 0.41), bev=0.09, segs=5, soft=True, name="toilet")
    box(ceramic, (tx - 0.56, ty - 0.005, 0.41), (tx - 0.03, ty + 0.365, 0.435), bev=0.012, segs=3, soft=True, name="toilet seat")
    box(ceramic, (tx - 0.012, ty + 0.05, 0.98), (tx, ty + 0.31, 1.14), bev=0.004, name="flush plate")
    box(chrome, (tx - 0.016, ty + 0.11, 1.04), (tx - 0.01, ty + 0.25, 1.08), bev=0.002, name="flush button")
    # towel radiator with a towel
    ry = 1.2
    for y in (ry, ry + 0.5):
        cyl(chrome, (tx - 0.06, y), 0.35, 1.5, 0.014, name="radiator post")
    for i in range(9):
        cyl(chrome, (tx - 0.06, 0.4 + i * 0.135), ry, ry + 0.5, 0.01, axis="y", name="radiator bar")
    towel4 = K.fabric("bath towel", "#c7cfca")
    box(towel4, (tx - 0.1, ry + 0.07, 0.75), (tx - 0.08, ry + 0.45, 1.42), bev=0.008, segs=3, soft=True, name="towel front")
    box(towel4, (tx - 0.08, ry + 0.07, 1.4), (tx - 0.035, ry + 0.45, 1.44), bev=0.012, segs=3, soft=True, name="towel fold")

    # plant on the window sill, downlights
    pot = pbr("pot", "#e0d9cc", rough=0.4)
    K.plant(pot, K.foliage("leaf", "#3d6b35"), (-0.45, D - 0.02, 1.2), pot_r=0.08, pot_h=0.14, height=0.32, leaves=22, leaf=(0.06, 0.03), spread=0.16, seed=5)
    white = pbr("trim", "#f4f3ef", rough=0.3)
    dl = K.emissive("downlight", "#fff2e0", 12.0)
    for (x, y) in [(-0.3, 1.2), (-0.3, 2.6)]:
        cyl(white, (x, y), H - 0.01, H, 0.06, name="downlight trim")
        cyl(dl, (x, y), H - 0.012, H - 0.005, 0.045, name="downlight")
        K.point_light((x, y, H - 0.08), 18.0, radius=0.04, color="#fff0dc")

    K.camera(scene, (0.5, 0.12, 1.45), (-0.35, D, 1.45), lens=17.0, shift_y=-0.06)
    return dict(exposure=0.0)


def office_chair(parent):
    black = pbr("chair black", "#222324", rough=0.45, metal=0.3)
    seat = K.fabric("chair fabric", "#3b4046")
    for i in range(5):
        a = 2 * math.pi * i / 5 + 0.3
        p = Vector((0.3 * math.cos(a), 0.3 * math.sin(a), 0.07))
        K.beam(black, (0, 0, 0.1), p, 0.04, 0.03, parent=parent, name="star leg")
        sphere(black, (p.x, p.y, 0.03), 0.03, seg=12, parent=parent, name="caster")
    cyl(black, (0, 0), 0.08, 0.42, 0.025, parent=parent, name="gas lift")
    box(black, (-0.12, -0.12, 0.4), (0.12, 0.12, 0.44), parent=parent, bev=0.01, name="mechanism")
    box(seat, (-0.25, -0.23, 0.43), (0.25, 0.25, 0.51), parent=parent, bev=0.035, segs=4, soft=True, name="seat")
    K.beam(black, (0, -0.2, 0.45), (0, -0.3, 0.62), 0.05, 0.02, parent=parent, name="spine")
    box(seat, (-0.23, -0.33, 0.6), (0.23, -0.26, 1.12), parent=parent, bev=0.03, segs=4, soft=True, name="backrest")
    for sx in (-1, 1):
        K.beam(black, (sx * 0.24, -0.05, 0.45), (sx * 0.25, -0.05, 0.66), 0.025, 0.05, parent=parent, name="arm post")
        box(black, (sx * 0.25 - 0.035, -0.18, 0.65), (sx * 0.25 + 0.035, 0.1, 0.68), parent=parent, bev=0.012, segs=3, soft=True, name="arm pad")


def office(scene, rng):
    W, D, H = 3.6, 4.2, 2.7
    paint = K.plaster("wall paint", "#e9e6e0")
    accent = K.plaster("accent paint", "#8fa398")
    floor = wood("oak floor", light="#c9a47c", dark="#a37b53", plank=(1.4, 0.18))
    ceil = K.plaster("ceiling", "#f3f1ec")
    frame = pbr("window frame", "#2b2b2b", rough=0.4, metal=0.3)
    skirting = pbr("skirting", "#f0eee8", rough=0.45)
    windows = [dict(side="left", u=2.35, width=1.9, sill=0.7, top=2.35, panes=2, sill_mat=pbr("sill", "#f0eee8", rough=0.4))]
    room = K.Room(W, D, H, paint, floor, ceil, frame, windows, wall_mats={"back": accent}, skirting_mat=skirting)
    K.daylight(scene, sun_elevation=32, sun_azimuth=-62, sun_strength=80.0, sky_strength=1.0)
    outdoor(scene, rng, D=D, W=W)
    black = pbr("black steel", "#1e1e1e", rough=0.35, metal=0.8)
    top = wood("desk oak", light="#d6b68d", dark="#b8956c", planks=False, rough=0.4)

    # desk against the back wall
    x0, x1, y0, y1, h = -1.2, 0.4, D - 0.72, D - 0.02, 0.74
    box(top, (x0, y0, h - 0.03), (x1, y1, h), bev=0.004, name="desk top")
    for x in (x0 + 0.05, x1 - 0.09):
        for y in (y0 + 0.04, y1 - 0.08):
            box(black, (x, y, 0), (x + 0.04, y + 0.04, h - 0.03), bev=0.003, name="desk leg")
        box(black, (x, y0 + 0.04, h - 0.08), (x + 0.04, y1 - 0.04, h - 0.03), name="desk rail")
    box(black, (x0 + 0.05, y1 - 0.08, h - 0.08), (x1 - 0.05, y1 - 0.04, h - 0.03), name="desk rail")
    # monitor
    mx = -0.4
    box(black, (mx - 0.12, D - 0.3, h), (mx + 0.12, D - 0.12, h + 0.012), bev=0.004, name="monitor foot")
    box(black, (mx - 0.03, D - 0.2, h), (mx + 0.03, D - 0.17, h + 0.4), bev=0.004, name="monitor neck")
    box(black, (mx - 0.31, D - 0.24, h + 0.16), (mx + 0.31, D - 0.2, h + 0.52), bev=0.004, name="monitor")
    screen = K.emissive("screen", "#5b86ad", 2.2)
    doc = K.emissive("screen window", "#eef2f5", 2.6)
    bar = K.emissive("screen bar", "#2c3e50", 2.0)
    box(screen, (mx - 0.3, D - 0.2405, h + 0.17), (mx + 0.3, D - 0.24, h + 0.51), name="screen")
    box(doc, (mx - 0.22, D - 0.2415, h + 0.22), (mx + 0.1, D - 0.2405, h + 0.47), name="screen doc")
    box(bar, (mx - 0.3, D - 0.2418, h + 0.17), (mx + 0.3, D - 0.2405, h + 0.19), name="taskbar")
    keys = pbr("keyboard", "#d9d9d6", rough=0.4)
    box(keys, (mx - 0.22, y0 + 0.12, h), (mx + 0.2, y0 + 0.26, h + 0.015), bev=0.004, name="keyboard")
    sphere(keys, (mx + 0.33, y0 + 0.2, h + 0.012), 0.03, scale=(0.65, 1.0, 0.45), name="mouse")
    alu = pbr("aluminium", "#b9bcbf", rough=0.3, metal=1.0)
    box(alu, (x1 - 0.42, y0 + 0.1, h), (x1 - 0.1, y0 + 0.32, h + 0.016), bev=0.004, name="laptop")
    # desk lamp
    lx, ly = x1 - 0.15, D - 0.15
    cyl(black, (lx, ly), h, h + 0.02, 0.08, name="lamp base")
    K.beam(black, (lx, ly, h + 0.02), (lx - 0.05, ly - 0.05, h + 0.42), 0.015, name="lamp arm")
    K.beam(black, (lx - 0.05, ly - 0.05, h + 0.42), (lx - 0.2, ly - 0.3, h + 0.47), 0.015, name="lamp arm")
    cyl(black, (lx - 0.22, ly - 0.33), h + 0.36, h + 0.48, 0.07, r2=0.025, cap=False, name="lamp head")
    # mug, notebook, small plant
    mug = pbr("mug", "#c8553d", rough=0.25, clearcoat=0.4)
    bowl(mug, (x0 + 0.35, y0 + 0.25), h, 0.04, 0.04, 0.095, wall=0.005, seg=32, name="mug")
    paper = pbr("notebook", "#2f3b4a", rough=0.7)
    box(paper, (x0 + 0.12, y0 + 0.1, h), (x0 + 0.33, y0 + 0.38, h + 0.015), bev=0.002, name="notebook")
    pot = pbr("pot", "#e8e3da", rough=0.4)
    K.plant(pot, K.foliage("leaf small", "#4d7a3a"), (x0 + 0.15, D - 0.15, h), pot_r=0.06, pot_h=0.1, height=0.22, leaves=18, leaf=(0.045, 0.02), spread=0.12, seed=9)

    # floating shelves above the desk
    for z in (1.5, 1.86):
        box(top, (x0 + 0.1, D - 0.24, z - 0.03), (x1 - 0.2, D, z), bev=0.003, name="shelf")
        books(x0 + 0.15, x0 + 0.75, D - 0.22, D - 0.02, z, rng, along="x", max_h=0.26)
    box(pbr("box", "#d9cbb3", rough=0.8), (x1 - 0.6, D - 0.22, 1.5), (x1 - 0.3, D - 0.02, 1.62), bev=0.004, name="storage box")
    frame_m = pbr("frame black", "#1f1f1f", rough=0.5)
    box(frame_m, (x1 - 0.55, D - 0.05, 1.86), (x1 - 0.3, D - 0.02, 2.18), bev=0.003, name="photo frame")
    K.plant(pot, K.foliage("leaf trail", "#3f6e33"), (x0 + 1.05, D - 0.12, 1.86), pot_r=0.07, pot_h=0.11, height=0.18, leaves=16, leaf=(0.05, 0.025), spread=0.2, seed=11)

    # poster on the back wall and a bookcase on the right wall
    # bookcase against the back wall, right of the desk; a poster on the right wall
    K.picture(frame_m, K.painting("poster", ["#efe8dc", "#e3b448", "#3a6b7e", "#c1554a"], scale=1.1, seed=7.0), room.side_fn("right"), 2.2, 2.9, 1.0, 1.95, mat_board=0.06)
    white = pbr("bookcase white", "#f1efea", rough=0.45)
    bx0, bx1, by0 = 0.66, W / 2 - 0.005, D - 0.36
    box(white, (bx0, by0, 0), (bx0 + 0.025, D, 2.05), bev=0.003, name="bookcase side")
    box(white, (bx1 - 0.025, by0, 0), (bx1, D, 2.05), bev=0.003, name="bookcase side")
    box(white, (bx0, D - 0.01, 0), (bx1, D, 2.05), name="bookcase back")
    for k, z in enumerate((0.06, 0.45, 0.84, 1.23, 1.62, 2.02)):
        box(white, (bx0, by0, z - 0.025), (bx1, D, z), bev=0.003, name="bookcase shelf")
        if 0 < k < 5:
            books(bx0 + 0.03 + (0.35 if k % 2 else 0.0), bx1 - 0.03 - (0.0 if k % 2 else 0.4), by0 + 0.04, D - 0.02, z, rng, along="x", max_h=0.3)
    for k, c in enumerate(["#cbb89a", "#8a9a8e", "#cbb89a"]):
        box(pbr(f"file box {k}", c, rough=0.8), (bx0 + 0.05 + k * 0.35, by0 + 0.03, 0.06), (bx0 + 0.35 + k * 0.35, D - 0.03, 0.33), bev=0.004, name="file box")
    vase = pbr("vase", "#c9b79c", rough=0.4)
    bowl(vase, (bx0 + 0.2, by0 + 0.18), 1.23, 0.06, 0.07, 0.22, wall=0.006, name="vase")
    bowl(vase, (bx1 - 0.25, by0 + 0.18), 0.45, 0.08, 0.1, 0.15, wall=0.006, name="vase")

    # chair, rug, big plant by the window
    c = group("chair", (mx + 0.05, D - 1.05, 0), 12)
    office_chair(c)
    rug_m = K.stripes("rug", ["#b7b2a8", "#aaa499", "#b7b2a8", "#8b8579"], width=0.05)
    rug(rug_m, -1.45, D - 2.2, 0.7, D - 0.75)
    pot_big = pbr("pot big", "#b86f4c", rough=0.6)
    K.plant(pot_big, K.foliage("leaf big", "#36612c"), (-W / 2 + 0.32, D - 0.32, 0), pot_r=0.2, pot_h=0.36, height=1.25, leaves=55, leaf=(0.15, 0.07), spread=0.45, seed=3)

    K.camera(scene, (1.25, 0.75, 1.42), (-0.75, D, 1.42), lens=19.0, shift_y=-0.06)
    return dict(exposure=0.0)


def kids_room(scene, rng):
    W, D, H = 3.4, 4.0, 2.6
    paint = K.plaster("wall paint", "#f3ede4")
    mint = K.plaster("mint paint", "#b6d3cb")
    floor = wood("light oak floor", light="#d8b68c", dark="#b99369", plank=(1.3, 0.18))
    ceil = K.plaster("ceiling", "#f6f4f0")
    frame = pbr("window frame", "#f4f3ef", rough=0.4)
    skirting = pbr("skirting", "#f4f3ef", rough=0.45)
    windows = [dict(side="back", u=0.05, width=1.3, sill=0.8, top=2.15, panes=2)]
    room = K.Room(W, D, H, paint, floor, ceil, frame, windows, wall_mats={"back": mint}, skirting_mat=skirting)
    K.daylight(scene, sun_elevation=34, sun_azimuth=28, sun_strength=80.0, sky_strength=1.0)
    outdoor(scene, rng, D=D, W=W)
    pine = wood("pine", light="#e6cda4", dark="#d0b088", planks=False, rough=0.5)
    white = pbr("white furniture", "#f5f3ee", rough=0.4)

    # curtains
    cotton = K.fabric("curtain", "#f2d6cf")
    fn = lambda u, n, z: room.point("back", u, -0.08 - n, z)
    K.curtain(cotton, fn, -1.05, -0.62, 0.75, 2.45, folds=0.14)
    K.curtain(cotton, fn, 0.72, 1.15, 0.75, 2.45, folds=0.14)
    cyl(pine, (room.point("back", 0, -0.1, 0).y, 2.48), -1.15, 1.25, 0.014, axis="x", name="curtain rod")

    # house-frame bed along the right wall, head at the back wall
    bx0, bx1, by0, by1 = W / 2 - 1.0, W / 2 - 0.04, D - 2.0, D - 0.04
    post = 0.05
    for x in (bx0, bx1 - post):
        for y in (by0, by1 - post):
            box(pine, (x, y, 0), (x + post, y + post, 1.3), bev=0.004, name="post")
        box(pine, (x, by0, 1.25), (x + post, by1, 1.3), bev=0.004, name="eave")
    xm = (bx0 + bx1) / 2
    for y in (by0, by1 - post):
        K.beam(pine, (bx0 + post / 2, y + post / 2, 1.28), (xm, y + post / 2, 1.8), post, post, name="roof")
        K.beam(pine, (bx1 - post / 2, y + post / 2, 1.28), (xm, y + post / 2, 1.8), post, post, name="roof")
    box(pine, (xm - post / 2, by0, 1.77), (xm + post / 2, by1, 1.82), bev=0.004, name="ridge")
    for y in (by0, by1 - post):
        box(pine, (bx0, y, 0.12), (bx1, y + post, 0.3), bev=0.004, name="bed end")
    box(pine, (bx0, by0, 0.12), (bx0 + post, by1, 0.26), bev=0.004, name="bed rail")
    mattress = K.fabric("mattress", "#f4f2ee")
    box(mattress, (bx0 + 0.05, by0 + 0.05, 0.2), (bx1 - 0.03, by1 - 0.05, 0.36), bev=0.04, segs=4, soft=True, name="mattress")
    duvet = K.fabric("duvet", "#f0b94a")
    box(duvet, (bx0 + 0.03, by0 + 0.06, 0.3), (bx1 - 0.02, by1 - 0.55, 0.43), bev=0.05, segs=4, soft=True, name="duvet")
    pillow = K.fabric("pillow", "#f7f5f1")
    box(pillow, (bx0 + 0.15, by1 - 0.5, 0.36), (bx1 - 0.15, by1 - 0.1, 0.5), bev=0.06, segs=5, soft=True, name="pillow")
    # bunting garland along the near eave
    flag_cols = ["#e76f51", "#f4a261", "#2a9d8f", "#e9c46a", "#8ab17d", "#f28da0", "#5b8fd1"]
    import bmesh
    n_flags = 13
    for i in range(n_flags):
        t = (i + 0.5) / n_flags
        y = by0 + 0.05 + (by1 - by0 - 0.1) * t
        z = 1.24 - 0.16 * math.sin(math.pi * t)
        bm = bmesh.new()
        a = bm.verts.new((bx0 - 0.01, y - 0.045, z))
        b = bm.verts.new((bx0 - 0.01, y + 0.045, z))
        c = bm.verts.new((bx0 - 0.01, y, z - 0.11))
        bm.faces.new((a, b, c))
        K._link("flag", bm, K.fabric(f"flag{i % len(flag_cols)}", flag_cols[i % len(flag_cols)]), parent=None)
    string_m = pbr("string", "#f5f0e6", rough=0.8)
    prev = None
    for i in range(21):
        t = i / 20
        p = (bx0 - 0.01, by0 + 0.05 + (by1 - by0 - 0.1) * t, 1.24 - 0.16 * math.sin(math.pi * t))
        if prev:
            K.beam(string_m, prev, p, 0.004, name="string")
        prev = p
    # teddy bear on the bed
    teddy = K.fabric("teddy", "#a9784f")
    tx, ty = bx0 + 0.3, by1 - 0.7
    sphere(teddy, (tx, ty, 0.55), 0.12, scale=(0.9, 0.8, 1.0), name="teddy body")
    sphere(teddy, (tx, ty, 0.74), 0.085, name="teddy head")
    for dy in (-0.06, 0.06):
        sphere(teddy, (tx, ty + dy, 0.81), 0.032, scale=(0.6, 1, 1), name="teddy ear")
        sphere(teddy, (tx - 0.1, ty + dy * 1.6, 0.45), 0.045, scale=(1.6, 1, 0.8), name="teddy leg")
    sphere(pbr("snout", "#d9b48f", rough=0.8), (tx - 0.075, ty, 0.72), 0.035, name="snout")

    # toy shelves (cube storage) on the left wall with colourful bins
    sx0, sx1, sy0 = -W / 2, -W / 2 + 0.38, 1.15
    cell, th = 0.35, 0.02
    cols, rows = 3, 2
    sy1 = sy0 + cols * cell + (cols + 1) * th
    sz1 = rows * cell + (rows + 1) * th + 0.05
    for k in range(cols + 1):
        y = sy0 + k * (cell + th)
        box(white, (sx0, y, 0.05), (sx1, y + th, sz1), bev=0.003, name="shelf side")
    for k in range(rows + 1):
        z = 0.05 + k * (cell + th)
        box(white, (sx0, sy0, z), (sx1, sy1, z + th), bev=0.003, name="shelf board")
    bin_cols = {(0, 0): "#e76f51", (1, 0): "#2a9d8f", (2, 0): "#e9c46a", (0, 1): "#5b8fd1", (2, 1): "#f28da0"}
    for (cy_, cz_), col in bin_cols.items():
        y = sy0 + th + cy_ * (cell + th) + 0.015
        z = 0.05 + th + cz_ * (cell + th)
        box(K.fabric(f"bin {col}", col), (sx0 + 0.02, y, z), (sx1 - 0.01, y + cell - 0.03, z + cell - 0.04), bev=0.015, segs=3, soft=True, name="bin")
        box(K.fabric("bin handle", "#3a3a3a"), (sx1 - 0.012, y + cell / 2 - 0.05, z + cell - 0.12), (sx1 - 0.008, y + cell / 2 + 0.05, z + cell - 0.09), name="bin handle")
    books(sx0 + 0.05, sx1 - 0.02, sy0 + th + (cell + th) + 0.01, sy0 + th + (cell + th) + cell - 0.02, 0.05 + th + (cell + th), rng, along="y", max_h=0.26,
          palette=["#e76f51", "#2a9d8f", "#e9c46a", "#5b8fd1", "#f28da0", "#8ab17d", "#f4a261"])
    # on top: a lamp, a plush rabbit shape and blocks
    top_z = sz1
    bowl(K.fabric("lamp shade", "#f6e3a8"), (sx0 + 0.2, sy0 + 0.2), top_z + 0.25, 0.1, 0.13, 0.16, wall=0.004, name="lamp shade")
    cyl(white, (sx0 + 0.2, sy0 + 0.2), top_z, top_z + 0.26, 0.012, name="lamp stem")
    cyl(white, (sx0 + 0.2, sy0 + 0.2), top_z, top_z + 0.02, 0.07, name="lamp base")
    block_cols = ["#e76f51", "#2a9d8f", "#e9c46a", "#5b8fd1", "#f28da0", "#8ab17d"]
    bmats = [pbr(f"block {c}", c, rough=0.35, clearcoat=0.3) for c in block_cols]
    for k in range(3):
        b = group("block", (sx0 + 0.2, sy1 - 0.18, top_z + 0.06 * k), rng.uniform(-20, 20))
        box(bmats[k], (-0.03, -0.03, 0), (0.03, 0.03, 0.06), parent=b, bev=0.004)

    # round rug with a small table and chairs
    rug_m = K.stripes("round rug", ["#f2e8da", "#f6c9b8", "#f2e8da", "#a8d0c6", "#f2e8da", "#f3d98b"], width=0.07, rings=True)
    r = cyl(rug_m, (0, 0), 0.0, 0.012, 0.85, seg=96, name="rug")
    r.location = (-0.35, 2.0, 0)
    tt = group("kids table", (-0.45, 2.1, 0), 0)
    cyl(white, (0, 0), 0.46, 0.49, 0.3, seg=64, parent=tt, name="table top")
    for k in range(4):
        a = math.pi / 4 + k * math.pi / 2
        K.beam(pine, (0.24 * math.cos(a), 0.24 * math.sin(a), 0.0), (0.16 * math.cos(a), 0.16 * math.sin(a), 0.46), 0.035, parent=tt, name="table leg")
    for k, (a, col) in enumerate([(200, "#e9c46a"), (330, "#5b8fd1")]):
        ar = math.radians(a)
        ch = group("kids chair", (-0.45 + 0.45 * math.cos(ar), 2.1 + 0.45 * math.sin(ar), 0), a + 90)
        cm = pbr(f"kids chair {k}", col, rough=0.4, clearcoat=0.2)
        box(cm, (-0.14, -0.14, 0.26), (0.14, 0.14, 0.29), parent=ch, bev=0.01)
        for lx in (-0.12, 0.1):
            for ly in (-0.12, 0.1):
                box(pine, (lx, ly, 0), (lx + 0.025, ly + 0.025, 0.26), parent=ch, bev=0.003)
        box(cm, (-0.14, -0.16, 0.4), (0.14, -0.13, 0.52), parent=ch, bev=0.01)
        for lx in (-0.12, 0.1):
            box(pine, (lx, -0.145, 0.26), (lx + 0.02, -0.125, 0.42), parent=ch, bev=0.003)
    paper = pbr("drawing paper", "#fbfaf6", rough=0.8)
    box(paper, (-0.6, 2.0, 0.49), (-0.39, 2.3, 0.492), name="paper")
    for k, col in enumerate(["#e76f51", "#2a9d8f", "#e9c46a", "#5b8fd1"]):
        cyl(bmats[block_cols.index(col)], (2.2 + 0.03 * k, 0.496), -0.36, -0.26, 0.005, seg=8, axis="x", name="crayon")
    # blocks and a ball on the rug, stacked storage boxes at the foot of the bed
    for k in range(9):
        b = group("block", (rng.uniform(-0.9, 0.2), rng.uniform(1.3, 1.6), 0.012), rng.uniform(0, 90))
        box(bmats[k % len(bmats)], (-0.035, -0.035, 0), (0.035, 0.035, 0.07), parent=b, bev=0.005)
    ball = K.stripes("ball", ["#e76f51", "#f7f3ea", "#5b8fd1", "#f7f3ea", "#e9c46a", "#f7f3ea"], width=0.03)
    sphere(ball, (0.45, 1.45, 0.11), 0.11, seg=32, name="ball")
    for k, col in enumerate(["#2a9d8f", "#f4a261", "#5b8fd1"]):
        sb = group("storage box", (-W / 2 + 0.3, 2.6, 0.3 * k), 94 - 6 * k)
        bm_ = pbr(f"storage {col}", col, rough=0.5)
        box(bm_, (-0.22, -0.16, 0.0), (0.22, 0.16, 0.27), parent=sb, bev=0.006)
        box(bm_, (-0.23, -0.17, 0.27), (0.23, 0.17, 0.3), parent=sb, bev=0.006)

    # teepee in the back-left corner
    canvas = K.stripes("teepee", ["#f1ebdf", "#f1ebdf", "#f1ebdf", "#e6a79a"], width=0.12, plane="xz")
    tp = (-W / 2 + 0.62, D - 0.62)
    lathe(canvas, tp, 0.0, [(0.55, 0.0), (0.06, 1.45)], seg=48, name="teepee")
    for k in range(5):
        a = 2 * math.pi * k / 5 + 0.3
        K.beam(pine, (tp[0] + 0.57 * math.cos(a), tp[1] + 0.57 * math.sin(a), 0), (tp[0] - 0.06 * math.cos(a), tp[1] - 0.06 * math.sin(a), 1.75), 0.025, name="teepee pole")

    # prints above the shelves, paper lantern
    frame_m = pbr("frame pine", "#d8bf97", rough=0.5)
    ls = room.side_fn("left")
    for k, (u0, cols_) in enumerate([(1.2, ["#f7efe2", "#f4a261", "#2a9d8f"]), (1.62, ["#f7efe2", "#e76f51", "#e9c46a"]), (2.04, ["#f7efe2", "#5b8fd1", "#8ab17d"])]):
        K.picture(frame_m, K.painting(f"kids print {k}", cols_, scale=1.8, seed=k * 3.0 + 1), ls, u0, u0 + 0.32, 1.3, 1.72, depth=0.02, border=0.015, mat_board=0.03)
    lantern = pbr("paper lantern", "#fbf8f1", rough=0.7, emission="#ffe9c7", strength=1.2)
    sphere(lantern, (-0.1, 1.9, H - 0.45), 0.2, seg=32, name="lantern")
    cyl(white, (-0.1, 1.9), H - 0.26, H, 0.003, seg=6, name="lantern cord")

    K.camera(scene, (-0.2, 0.2, 1.32), (-0.2, D, 1.32), lens=17.0, shift_y=-0.08)
    return dict(exposure=0.0)


def lounge_chair(parent, frame_m, cushion_m):
    """Outdoor lounge armchair facing +Y."""
    for x in (-0.36, 0.32):
        box(frame_m, (x, -0.36, 0.0), (x + 0.04, 0.36, 0.6), parent=parent, bev=0.008, name="arm frame")
    box(frame_m, (-0.36, -0.36, 0.15), (0.36, 0.36, 0.2), parent=parent, bev=0.006, name="seat frame")
    box(frame_m, (-0.36, -0.4, 0.15), (0.36, -0.34, 0.72), parent=parent, bev=0.008, name="back frame")
    box(cushion_m, (-0.32, -0.34, 0.2), (0.32, 0.36, 0.33), parent=parent, bev=0.04, segs=4, soft=True, name="seat cushion")
    box(cushion_m, (-0.31, -0.34, 0.32), (0.31, -0.2, 0.76), parent=parent, bev=0.05, segs=4, soft=True, name="back cushion")


def terrace(scene, rng):
    K.daylight(scene, sun_elevation=38, sun_azimuth=125, sun_strength=8.0, sky_strength=1.0)
    deck = wood("decking", light="#a87a52", dark="#7d5636", plank=(2.4, 0.145), rough=0.65)
    plaster = K.plaster("facade", "#ece6dc")
    black = pbr("black aluminium", "#262626", rough=0.35, metal=0.7)
    dark_glass = pbr("door glass", "#1c2326", rough=0.03, spec=0.9)
    teak = wood("teak", light="#a77d55", dark="#80593a", planks=False, rough=0.55)
    X0, X1, Y0, Y1 = -2.6, 2.2, -1.0, 7.0
    box(deck, (X0, Y0, -0.3), (X1, Y1, 0.0), name="deck")
    # facade on the left with a sliding door and a window
    box(plaster, (X0 - 0.3, Y0 - 2, -3.3), (X0, Y1 + 3, 3.4), name="facade")
    for (y0, y1, z0, z1) in [(0.6, 3.2, 0.0, 2.3), (4.3, 5.6, 0.9, 2.3)]:
        box(black, (X0 - 0.02, y0, z0), (X0 + 0.05, y1, z1), bev=0.004, name="door frame")
        box(dark_glass, (X0 - 0.02, y0 + 0.05, z0 + 0.05), (X0 + 0.055, y1 - 0.05, z1 - 0.05), name="door glass")
        if y1 - y0 > 2:
            box(black, (X0 - 0.02, (y0 + y1) / 2 - 0.03, z0), (X0 + 0.065, (y0 + y1) / 2 + 0.03, z1), name="door mullion")
    # wall lantern
    box(black, (X0, 3.5, 1.85), (X0 + 0.12, 3.62, 2.15), bev=0.006, name="wall lamp")
    # pergola over the lounge area
    px = -0.55
    for y in (-0.9, 6.85):
        box(teak, (px - 0.06, y - 0.06, 0.0), (px + 0.06, y + 0.06, 2.55), bev=0.006, name="pergola post")
    box(teak, (px - 0.06, -0.96, 2.55), (px + 0.06, 6.91, 2.75), bev=0.006, name="pergola beam")
    for k in range(27):
        y = -0.9 + k * 0.3
        box(teak, (X0, y, 2.75), (px + 0.2, y + 0.05, 2.87), bev=0.004, name="pergola slat")
    # railing along the right edge and the far end: posts, handrail, glass
    rail_glass = K.glass("railing glass", tint="#f4f9f8", reflect=0.04)
    def railing(p0, p1):
        p0, p1 = Vector(p0), Vector(p1)
        L = (p1 - p0).length
        n = max(1, round(L / 1.5))
        for k in range(n + 1):
            q = p0 + (p1 - p0) * (k / n)
            box(black, (q.x - 0.03, q.y - 0.03, 0), (q.x + 0.03, q.y + 0.03, 1.0), bev=0.004, name="rail post")
        K.beam(teak, (p0.x, p0.y, 1.02), (p1.x, p1.y, 1.02), 0.09, 0.045, name="handrail")
        d = (p1 - p0).normalized()
        for k in range(n):
            a = p0 + (p1 - p0) * (k / n) + d * 0.04
            b = p0 + (p1 - p0) * ((k + 1) / n) - d * 0.04
            if abs(d.x) > abs(d.y):
                box(rail_glass, (a.x, a.y - 0.005, 0.08), (b.x, b.y + 0.005, 0.96), name="rail glass")
            else:
                box(rail_glass, (a.x - 0.005, a.y, 0.08), (a.x + 0.005, b.y, 0.96), name="rail glass")
    railing((X1 - 0.05, Y0, 0), (X1 - 0.05, Y1 - 0.05, 0))
    railing((X0, Y1 - 0.05, 0), (X1 - 0.05, Y1 - 0.05, 0))

    # lounge: two armchairs, a coffee table, an outdoor rug
    cushion = K.fabric("outdoor cushion", "#e4dccd")
    rug_m = K.stripes("outdoor rug", ["#d9d2c3", "#d9d2c3", "#d9d2c3", "#5f6f6a"], width=0.12)
    rug(rug_m, -2.2, 1.4, -0.2, 4.2)
    for (x, y, a) in [(-1.75, 2.1, -70), (-1.75, 3.5, -110), (-0.55, 2.8, 90)]:
        g = group("lounge chair", (x, y, 0), a)
        lounge_chair(g, teak, cushion)
    tb = group("coffee table", (-1.2, 2.8, 0), 0)
    table(tb, 0.9, 0.55, 0.4, teak, teak, top=0.035, leg=0.05, inset=0.04)
    glass_l = K.glass("lantern glass", reflect=0.15)
    cyl(black, (-1.2, 2.8), 0.4, 0.42, 0.08, name="lantern base")
    cyl(glass_l, (-1.2, 2.8), 0.42, 0.62, 0.07, name="lantern glass")
    cyl(black, (-1.2, 2.8), 0.62, 0.65, 0.08, name="lantern top")
    cyl(pbr("candle", "#f6f1e6", rough=0.6), (-1.2, 2.8), 0.42, 0.5, 0.03, name="candle")
    bowl(pbr("bowl ceramic", "#3e5a6b", rough=0.3, clearcoat=0.4), (-1.0, 2.65), 0.4, 0.09, 0.05, 0.06, wall=0.006, name="bowl")

    # plants: pots by the facade, a planter with shrubs along the end railing, an olive tree
    terracotta = pbr("terracotta", "#b86a45", rough=0.7)
    grey_pot = pbr("fibre-clay pot", "#8c8a85", rough=0.7)
    leaf = K.foliage("leaf", "#3f6b2f")
    K.plant(grey_pot, leaf, (X0 + 0.35, 0.25, 0), pot_r=0.25, pot_h=0.55, height=1.1, leaves=60, leaf=(0.15, 0.07), spread=0.5, seed=21)
    K.plant(terracotta, K.foliage("leaf 2", "#4d7a35"), (X0 + 0.35, 3.95, 0), pot_r=0.2, pot_h=0.4, height=0.8, leaves=45, leaf=(0.1, 0.05), spread=0.4, seed=22)
    K.plant(terracotta, K.foliage("leaf 3", "#55803a"), (X0 + 0.3, 6.3, 0), pot_r=0.22, pot_h=0.45, height=0.9, leaves=45, leaf=(0.12, 0.05), spread=0.4, seed=23)
    planter = pbr("planter", "#5a5a57", rough=0.6)
    box(planter, (-1.5, Y1 - 0.55, 0), (1.6, Y1 - 0.12, 0.5), bev=0.01, name="planter")
    shrub = K.foliage("shrub", "#4c7536", rough=0.8)
    for k in range(6):
        K.bush(shrub, (-1.25 + k * 0.52, Y1 - 0.33, 0.68), 0.3, seed=40 + k, blobs=5)
    flower = pbr("flowers", "#d9657c", rough=0.6)
    for k in range(40):
        sphere(flower, (rng.uniform(-1.4, 1.5), Y1 - rng.uniform(0.18, 0.5), rng.uniform(0.7, 0.95)), 0.025, seg=8, name="flower")
    # olive tree in a big pot near the railing
    ox, oy = X1 - 0.5, 4.8
    bowl(terracotta, (ox, oy), 0.0, 0.32, 0.24, 0.6, wall=0.02, name="tree pot")
    cyl(pbr("soil", "#3b2a1e", rough=1.0), (ox, oy), 0.5, 0.55, 0.3, name="soil")
    bark = pbr("olive bark", "#6b5f50", rough=0.9)
    K.beam(bark, (ox, oy, 0.5), (ox - 0.1, oy + 0.05, 1.5), 0.06, name="trunk")
    K.beam(bark, (ox - 0.05, oy + 0.02, 1.1), (ox + 0.2, oy - 0.1, 1.6), 0.04, name="branch")
    olive = K.foliage("olive leaves", "#7b8c5a", rough=0.7)
    K.bush(olive, (ox - 0.05, oy, 1.8), 0.45, seed=51, blobs=8, squash=0.75)

    # the view: lawn three metres below, trees, hills
    grass = K.mottled("lawn", "#4f6b35", "#7a8f4f", scale=0.08)
    box(grass, (-400, -400, -3.4), (400, 400, -3.3), name="lawn")
    crown = K.mottled("tree crown", "#3c5a2a", "#6a8a45", scale=1.5, rough=0.8)
    trunk_m = pbr("bark", "#4a3b2e", rough=0.9)
    for i in range(40):
        x = rng.uniform(5, 70)
        y = rng.uniform(-20, 90) if x > 12 else rng.uniform(10, 90)
        if i % 2:
            x, y = rng.uniform(-40, 30), rng.uniform(14, 90)
        h = rng.uniform(5, 11)
        obs = [cyl(trunk_m, (x, y), -3.3, -3.3 + h * 0.6, 0.2, seg=8, name="trunk")]
        obs += K.bush(crown, (x, y, -3.3 + h * 0.65), h * 0.33, seed=100 + i, blobs=5)
        for ob in obs:
            ob.visible_shadow = False
    hill = K.mottled("hills", "#5d7654", "#7f9170", scale=0.02, rough=1.0)
    for k in range(5):
        ob = sphere(hill, (rng.uniform(-150, 250), rng.uniform(260, 400), -30), rng.uniform(70, 120), scale=(1.6, 1.0, 0.45), seg=32, name="hill")
        ob.visible_shadow = False

    K.camera(scene, (1.55, -0.6, 1.55), (-0.9, 6.8, 1.55), lens=20.0, shift_y=-0.08)
    return dict(exposure=-1.0)


ROOMS = {
    "dining-room": dining_room,
    "bathroom": bathroom,
    "office": office,
    "terrace": terrace,
    "kids-room": kids_room,
}


def main():
    argv = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    ap = argparse.ArgumentParser()
    ap.add_argument("room", choices=sorted(ROOMS))
    ap.add_argument("out")
    ap.add_argument("--width", type=int, default=1152)
    ap.add_argument("--height", type=int, default=768)
    ap.add_argument("--samples", type=int, default=2048)
    ap.add_argument("--time-limit", type=float, default=200.0)
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--blend", help="also save the scene as a .blend file (for inspection)")
    ap.add_argument("--no-render", action="store_true", help="only build the scene (with --blend, or for a calling script)")
    args = ap.parse_args(argv)

    scene = K.reset_scene()
    rng = random.Random(42)
    opts = ROOMS[args.room](scene, rng) or {}
    K.glass_casts_no_shadow()
    K.render_settings(scene, args.width, args.height, args.samples, args.time_limit, exposure=opts.get("exposure", 0.0), threads=args.threads)
    if args.blend:
        bpy.ops.wm.save_as_mainfile(filepath=os.path.abspath(args.blend))
    if args.no_render:
        return
    out = os.path.abspath(args.out)
    passes_dir = out + ".passes"
    export_passes(scene, passes_dir)
    scene.render.filepath = out
    t0 = time.time()
    bpy.ops.render.render(write_still=True)
    seconds = time.time() - t0
    dump_passes(passes_dir, out, args, opts, seconds)
    print(f"RENDERED {args.room} {args.width}x{args.height} in {seconds:.1f}s with Blender {bpy.app.version_string} -> {args.out}")


PASSES = {"color": "Image", "albedo": "Denoising Albedo", "normal": "Denoising Normal", "depth": "Denoising Depth"}


def export_passes(scene, directory):
    """Writes the linear colour and the denoising guides (albedo, normal, depth) as float EXRs."""
    scene.view_layers[0].cycles.denoising_store_passes = True
    scene.use_nodes = True
    nt = scene.node_tree
    rl = nt.nodes.get("Render Layers") or nt.nodes.new("CompositorNodeRLayers")
    comp = nt.nodes.get("Composite") or nt.nodes.new("CompositorNodeComposite")
    nt.links.new(rl.outputs["Image"], comp.inputs["Image"])
    fo = nt.nodes.new("CompositorNodeOutputFile")
    fo.base_path = directory
    fo.format.file_format = "OPEN_EXR"
    fo.format.color_depth = "32"
    fo.format.exr_codec = "ZIP"
    fo.file_slots.clear()
    for key, socket in PASSES.items():
        fo.file_slots.new(key + "_")
        nt.links.new(rl.outputs[socket], fo.inputs[key + "_"])


def dump_passes(directory, out, args, opts, seconds):
    """Re-reads the EXRs and stores raw little-endian float32 RGBA (bottom row first) for the Node denoiser."""
    import array
    import json

    for key in PASSES:
        name = next(f for f in os.listdir(directory) if f.startswith(key + "_") and f.endswith(".exr"))
        img = bpy.data.images.load(os.path.join(directory, name))
        w, h = img.size
        buf = array.array("f", bytes(4 * w * h * 4))
        img.pixels.foreach_get(buf)
        with open(f"{out}.{key}.f32", "wb") as fh:
            buf.tofile(fh)
        bpy.data.images.remove(img)
        os.remove(os.path.join(directory, name))
    os.rmdir(directory)
    meta = dict(room=args.room, width=args.width, height=args.height, exposure=opts.get("exposure", 0.0), seconds=round(seconds, 1),
                samples_max=args.samples, time_limit=args.time_limit, blender=bpy.app.version_string)
    with open(out + ".json", "w") as fh:
        json.dump(meta, fh, indent=1)


main()
