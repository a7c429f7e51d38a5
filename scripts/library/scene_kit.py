"""Building blocks for the example-library room renders (Blender 3.4+, Cycles on the CPU).

Imported by scripts/library/render_room.py; not run on its own. Everything is modelled from
primitives (boxes, cylinders, spheres, a few generated meshes) with procedural Principled BSDF
materials, so a render needs no outside asset.

Coordinates: metres, Z up. An interior room spans x in [-W/2, W/2], y in [0, D], z in [0, H];
walls are solid boxes outside that volume so that daylight enters through the windows only.
"""

import math
import random

import bmesh
import bpy
from mathutils import Matrix, Vector

# ---------------------------------------------------------------------------------------------
# Scene, colours, materials


def reset_scene():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    return scene


def hexc(value, alpha=1.0):
    """'#rrggbb' (sRGB) -> linear RGBA tuple, as Blender's colour sockets expect."""
    value = value.lstrip("#")
    out = []
    for i in (0, 2, 4):
        c = int(value[i : i + 2], 16) / 255.0
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return (out[0], out[1], out[2], alpha)


def _principled(mat):
    return mat.node_tree.nodes["Principled BSDF"]


def pbr(name, color, rough=0.5, metal=0.0, spec=0.5, clearcoat=0.0, sheen=0.0, emission=None, strength=0.0):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    b = _principled(mat)
    b.inputs["Base Color"].default_value = hexc(color) if isinstance(color, str) else color
    b.inputs["Roughness"].default_value = rough
    b.inputs["Metallic"].default_value = metal
    b.inputs["Specular"].default_value = spec
    b.inputs["Clearcoat"].default_value = clearcoat
    b.inputs["Sheen"].default_value = sheen
    if emission:
        b.inputs["Emission"].default_value = hexc(emission)
        b.inputs["Emission Strength"].default_value = strength
    return mat


def emissive(name, color, strength):
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    nt.nodes.remove(_principled(mat))
    em = nt.nodes.new("ShaderNodeEmission")
    em.inputs["Color"].default_value = hexc(color)
    em.inputs["Strength"].default_value = strength
    nt.links.new(em.outputs[0], nt.nodes["Material Output"].inputs["Surface"])
    return mat


def glass(name, tint="#ffffff", reflect=0.08):
    """Window glass without refraction: transparent (shadow rays pass, so the sun comes in) plus a
    weak sharp reflection. Cheap and noise-free compared with a refractive glass BSDF."""
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    nt.nodes.remove(_principled(mat))
    tr = nt.nodes.new("ShaderNodeBsdfTransparent")
    tr.inputs["Color"].default_value = hexc(tint)
    gl = nt.nodes.new("ShaderNodeBsdfGlossy")
    gl.inputs["Roughness"].default_value = 0.02
    fr = nt.nodes.new("ShaderNodeLayerWeight")
    fr.inputs["Blend"].default_value = 0.2
    mr = nt.nodes.new("ShaderNodeMath")
    mr.operation = "MULTIPLY_ADD"
    mr.inputs[1].default_value = 0.6
    mr.inputs[2].default_value = reflect
    nt.links.new(fr.outputs["Fresnel"], mr.inputs[0])
    mix = nt.nodes.new("ShaderNodeMixShader")
    nt.links.new(mr.outputs[0], mix.inputs[0])
    nt.links.new(tr.outputs[0], mix.inputs[1])
    nt.links.new(gl.outputs[0], mix.inputs[2])
    nt.links.new(mix.outputs[0], nt.nodes["Material Output"].inputs["Surface"])
    mat["glass"] = True  # see glass_casts_no_shadow()
    return mat


def glass_casts_no_shadow():
    """Glass lets the sun through: Cycles' shadow rays stop at the transparent/glossy mix, so glass
    objects are made invisible to shadow rays (the usual architectural-render setting)."""
    for ob in bpy.context.scene.objects:
        if ob.type == "MESH" and any(m is not None and m.get("glass") for m in ob.data.materials):
            ob.visible_shadow = False


def _coords(nt, plane):
    """Object-space coordinates with the two axes of the wanted plane first, so that 2D textures
    (bricks, tiles) lie in it: xy (floors), xz (walls along x), yz (walls along y); the second axis
    of xz and yz is the vertical."""
    tc = nt.nodes.new("ShaderNodeTexCoord")
    if plane == "xy":
        return tc.outputs["Object"]
    sep = nt.nodes.new("ShaderNodeSeparateXYZ")
    com = nt.nodes.new("ShaderNodeCombineXYZ")
    nt.links.new(tc.outputs["Object"], sep.inputs[0])
    order = {"xz": ("X", "Z", "Y"), "yz": ("Y", "Z", "X")}[plane]
    for i, axis in enumerate(order):
        nt.links.new(sep.outputs[axis], com.inputs[i])
    return com.outputs[0]


def tiles(name, color, grout="#c9c9c6", size=(0.3, 0.3), offset=0.0, plane="xy", rough=0.12, vary=0.06, gap=0.003):
    """Ceramic tiles / planks: a Brick texture for the colour, its mortar as a bump for the joints."""
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    b = _principled(mat)
    vec = _coords(nt, plane)
    br = nt.nodes.new("ShaderNodeTexBrick")
    br.offset = offset
    br.offset_frequency = 2
    br.squash = 1.0
    br.inputs["Scale"].default_value = 1.0
    br.inputs["Mortar Size"].default_value = gap
    br.inputs["Mortar Smooth"].default_value = 0.3
    br.inputs["Bias"].default_value = 0.0
    br.inputs["Brick Width"].default_value = size[0]
    br.inputs["Row Height"].default_value = size[1]
    base = hexc(color)
    br.inputs["Color1"].default_value = tuple(max(0.0, c * (1 - vary)) for c in base[:3]) + (1,)
    br.inputs["Color2"].default_value = tuple(min(1.0, c * (1 + vary)) for c in base[:3]) + (1,)
    br.inputs["Mortar"].default_value = hexc(grout)
    nt.links.new(vec, br.inputs["Vector"])
    nt.links.new(br.outputs["Color"], b.inputs["Base Color"])
    bump = nt.nodes.new("ShaderNodeBump")
    bump.inputs["Strength"].default_value = 0.5
    bump.inputs["Distance"].default_value = 0.002
    inv = nt.nodes.new("ShaderNodeMath")
    inv.operation = "SUBTRACT"
    inv.inputs[0].default_value = 1.0
    nt.links.new(br.outputs["Fac"], inv.inputs[1])
    nt.links.new(inv.outputs[0], bump.inputs["Height"])
    nt.links.new(bump.outputs["Normal"], b.inputs["Normal"])
    b.inputs["Roughness"].default_value = rough
    return mat


def wood(name, light="#b88a5a", dark="#8a5f36", plank=(1.4, 0.19), plane="xy", rough=0.35, planks=True, grain_scale=6.0, clearcoat=0.0, distortion=6.0):
    """Wood: stretched noise/wave grain; with planks=True also board joints (floors, decking)."""
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    b = _principled(mat)
    vec = _coords(nt, plane)
    # grain: noise stretched along the board
    stretch = nt.nodes.new("ShaderNodeMapping")
    stretch.inputs["Scale"].default_value = (0.15, 3.0, 3.0)
    nt.links.new(vec, stretch.inputs["Vector"])
    wave = nt.nodes.new("ShaderNodeTexWave")
    wave.wave_type = "BANDS"
    wave.bands_direction = "Y"
    wave.inputs["Scale"].default_value = grain_scale
    wave.inputs["Distortion"].default_value = distortion
    wave.inputs["Detail"].default_value = 3.0
    wave.inputs["Detail Scale"].default_value = 1.5
    nt.links.new(stretch.outputs["Vector"], wave.inputs["Vector"])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = hexc(dark)
    ramp.color_ramp.elements[1].color = hexc(light)
    ramp.color_ramp.elements[0].position = 0.15
    ramp.color_ramp.elements[1].position = 0.85
    nt.links.new(wave.outputs["Fac"], ramp.inputs["Fac"])
    color_out = ramp.outputs["Color"]
    if planks:
        br = nt.nodes.new("ShaderNodeTexBrick")
        br.offset = 0.37
        br.offset_frequency = 1
        br.inputs["Scale"].default_value = 1.0
        br.inputs["Mortar Size"].default_value = 0.0025
        br.inputs["Mortar Smooth"].default_value = 0.2
        br.inputs["Brick Width"].default_value = plank[0]
        br.inputs["Row Height"].default_value = plank[1]
        br.inputs["Color1"].default_value = (0.82, 0.82, 0.82, 1)
        br.inputs["Color2"].default_value = (1.0, 1.0, 1.0, 1)
        br.inputs["Mortar"].default_value = (0.25, 0.25, 0.25, 1)
        nt.links.new(vec, br.inputs["Vector"])
        # per-board tint: multiply the grain colour by the brick colour
        mix = nt.nodes.new("ShaderNodeMixRGB")
        mix.blend_type = "MULTIPLY"
        mix.inputs["Fac"].default_value = 1.0
        nt.links.new(color_out, mix.inputs["Color1"])
        nt.links.new(br.outputs["Color"], mix.inputs["Color2"])
        color_out = mix.outputs["Color"]
        # board-to-board offset of the grain so neighbouring boards differ
        bump = nt.nodes.new("ShaderNodeBump")
        bump.inputs["Strength"].default_value = 0.4
        bump.inputs["Distance"].default_value = 0.002
        inv = nt.nodes.new("ShaderNodeMath")
        inv.operation = "SUBTRACT"
        inv.inputs[0].default_value = 1.0
        nt.links.new(br.outputs["Fac"], inv.inputs[1])
        nt.links.new(inv.outputs[0], bump.inputs["Height"])
        nt.links.new(bump.outputs["Normal"], b.inputs["Normal"])
    nt.links.new(color_out, b.inputs["Base Color"])
    b.inputs["Roughness"].default_value = rough
    b.inputs["Clearcoat"].default_value = clearcoat
    return mat


def fabric(name, color, rough=0.85, sheen=0.6):
    """Matte textile (no weave bump: at this resolution it only reads as noise and defeats the denoiser)."""
    return pbr(name, color, rough=rough, spec=0.3, sheen=sheen)


def plaster(name, color, rough=0.9):
    """Painted wall: flat colour with a faint large-scale variation."""
    mat = pbr(name, color, rough=rough, spec=0.35)
    nt = mat.node_tree
    b = _principled(mat)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    nz = nt.nodes.new("ShaderNodeTexNoise")
    nz.inputs["Scale"].default_value = 1.5
    nz.inputs["Detail"].default_value = 4.0
    nt.links.new(tc.outputs["Object"], nz.inputs["Vector"])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    base = hexc(color)
    ramp.color_ramp.elements[0].color = tuple(c * 0.95 for c in base[:3]) + (1,)
    ramp.color_ramp.elements[1].color = tuple(min(1.0, c * 1.03) for c in base[:3]) + (1,)
    nt.links.new(nz.outputs["Fac"], ramp.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], b.inputs["Base Color"])
    return mat


def stripes(name, colors, width=0.08, plane="xy", rough=0.85, rings=False):
    """Rug / textile pattern: bands (or concentric rings) cycling through the given colours."""
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    b = _principled(mat)
    vec = _coords(nt, plane)
    wave = nt.nodes.new("ShaderNodeTexWave")
    wave.wave_type = "RINGS" if rings else "BANDS"
    wave.wave_profile = "SAW"
    if not rings:
        wave.bands_direction = "X"
    wave.inputs["Scale"].default_value = 1.0 / (width * len(colors))
    wave.inputs["Distortion"].default_value = 0.0
    nt.links.new(vec, wave.inputs["Vector"])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.interpolation = "CONSTANT"
    els = ramp.color_ramp.elements
    while len(els) < len(colors):
        els.new(0.5)
    for i, c in enumerate(colors):
        els[i].position = i / len(colors)
        els[i].color = hexc(c)
    nt.links.new(wave.outputs["Fac"], ramp.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], b.inputs["Base Color"])
    b.inputs["Roughness"].default_value = rough
    b.inputs["Sheen"].default_value = 0.5
    b.inputs["Specular"].default_value = 0.3
    return mat


def painting(name, colors, scale=2.0, seed=0.0):
    """Abstract artwork for frames: a few soft colour fields."""
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    nt = mat.node_tree
    b = _principled(mat)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    nz = nt.nodes.new("ShaderNodeTexNoise")
    nz.noise_dimensions = "4D"
    nz.inputs["W"].default_value = seed
    nz.inputs["Scale"].default_value = scale
    nz.inputs["Detail"].default_value = 1.0
    nz.inputs["Distortion"].default_value = 0.6
    nt.links.new(tc.outputs["Object"], nz.inputs["Vector"])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.interpolation = "CONSTANT"
    els = ramp.color_ramp.elements
    while len(els) < len(colors):
        els.new(0.5)
    for i, c in enumerate(colors):
        els[i].position = 0.3 + 0.4 * i / len(colors) if i else 0.0
        els[i].color = hexc(c)
    nt.links.new(nz.outputs["Fac"], ramp.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], b.inputs["Base Color"])
    b.inputs["Roughness"].default_value = 0.8
    return mat


def foliage(name, color="#3f6b2f", rough=0.55):
    mat = pbr(name, color, rough=rough, spec=0.4)
    nt = mat.node_tree
    b = _principled(mat)
    b.inputs["Subsurface"].default_value = 0.0
    # slight colour variation between leaves
    info = nt.nodes.new("ShaderNodeObjectInfo")
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    base = hexc(color)
    ramp.color_ramp.elements[0].color = tuple(c * 0.7 for c in base[:3]) + (1,)
    ramp.color_ramp.elements[1].color = tuple(min(1.0, c * 1.3) for c in base[:3]) + (1,)
    nt.links.new(info.outputs["Random"], ramp.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], b.inputs["Base Color"])
    return mat


# ---------------------------------------------------------------------------------------------
# Geometry


def _link(name, bm, mat, smooth=False, parent=None, auto_smooth=0.6):
    me = bpy.data.meshes.new(name)
    bm.to_mesh(me)
    bm.free()
    if smooth:
        for p in me.polygons:
            p.use_smooth = True
        me.use_auto_smooth = True
        me.auto_smooth_angle = auto_smooth
    ob = bpy.data.objects.new(name, me)
    bpy.context.scene.collection.objects.link(ob)
    if mat is not None:
        me.materials.append(mat)
    if parent is not None:
        ob.parent = parent
    return ob


def group(name, loc=(0, 0, 0), rot_z=0.0, scale=1.0, parent=None):
    """An empty to hang furniture parts on: parts are modelled in its local frame."""
    e = bpy.data.objects.new(name, None)
    bpy.context.scene.collection.objects.link(e)
    e.location = loc
    e.rotation_euler = (0, 0, math.radians(rot_z))
    e.scale = (scale, scale, scale)
    if parent is not None:
        e.parent = parent
    return e


def bevel(ob, width=0.005, segments=2, smooth=False):
    m = ob.modifiers.new("bevel", "BEVEL")
    m.width = width
    m.segments = segments
    m.limit_method = "ANGLE"
    m.angle_limit = math.radians(40)
    if smooth:
        for p in ob.data.polygons:
            p.use_smooth = True
        ob.data.use_auto_smooth = True
        ob.data.auto_smooth_angle = math.radians(35)
    return ob


def box(mat, p0, p1, parent=None, bev=0.0, segs=2, soft=False, name="box"):
    """Axis-aligned box by its two opposite corners (in the parent's frame)."""
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    sx, sy, sz = (abs(p1[i] - p0[i]) for i in range(3))
    cx, cy, cz = ((p1[i] + p0[i]) / 2 for i in range(3))
    bmesh.ops.transform(bm, matrix=Matrix.Translation((cx, cy, cz)) @ Matrix.Diagonal((sx, sy, sz, 1)), verts=bm.verts)
    ob = _link(name, bm, mat, parent=parent)
    if bev > 0:
        bevel(ob, min(bev, 0.49 * min(sx, sy, sz)), segs, smooth=soft)
    return ob


def beam(mat, p0, p1, w, h=None, parent=None, name="beam", bev=0.0):
    """Box of cross-section w x h running from point p0 to point p1 (any direction)."""
    p0, p1 = Vector(p0), Vector(p1)
    d = p1 - p0
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    rot = d.to_track_quat("Z", "Y").to_matrix().to_4x4()
    m = Matrix.Translation((p0 + p1) / 2) @ rot @ Matrix.Diagonal((w, h or w, d.length, 1))
    bmesh.ops.transform(bm, matrix=m, verts=bm.verts)
    ob = _link(name, bm, mat, parent=parent)
    if bev > 0:
        bevel(ob, bev)
    return ob


def cyl(mat, center, z0, z1, r, r2=None, seg=32, parent=None, cap=True, name="cyl", axis="z", smooth=True):
    """Cylinder / frustum along Z (or X/Y) from z0 to z1 at center=(cx, cy) (for axis x: (cy, cz) etc.)."""
    bm = bmesh.new()
    depth = z1 - z0
    bmesh.ops.create_cone(bm, cap_ends=cap, cap_tris=False, segments=seg, radius1=r, radius2=r if r2 is None else r2, depth=depth)
    mid = (z0 + z1) / 2
    if axis == "z":
        m = Matrix.Translation((center[0], center[1], mid))
    elif axis == "x":
        m = Matrix.Translation((mid, center[0], center[1])) @ Matrix.Rotation(math.pi / 2, 4, "Y")
    else:
        m = Matrix.Translation((center[0], mid, center[1])) @ Matrix.Rotation(-math.pi / 2, 4, "X")
    bmesh.ops.transform(bm, matrix=m, verts=bm.verts)
    return _link(name, bm, mat, smooth=smooth, parent=parent)


def sphere(mat, center, r, scale=(1, 1, 1), seg=32, parent=None, name="sphere", rot=None):
    bm = bmesh.new()
    bmesh.ops.create_uvsphere(bm, u_segments=seg, v_segments=max(8, seg // 2), radius=r)
    m = Matrix.Translation(center)
    if rot is not None:
        m = m @ rot
    m = m @ Matrix.Diagonal((*scale, 1))
    bmesh.ops.transform(bm, matrix=m, verts=bm.verts)
    return _link(name, bm, mat, smooth=True, parent=parent, auto_smooth=math.pi)


def bowl(mat, center, z0, r_top, r_bottom, height, wall=0.008, seg=48, parent=None, name="bowl"):
    """Open vessel (basin, pot, lamp shade) made of a lathed profile with a thickness."""
    prof = [
        (r_bottom * 0.6, 0.0),
        (r_bottom, 0.0),
        (r_top, height),
        (r_top - wall, height),
        (r_bottom - wall, wall),
        (0.0, wall),
    ]
    return lathe(mat, center, z0, [(0.0, 0.0)] + prof, seg=seg, parent=parent, name=name)


def lathe(mat, center, z0, profile, seg=48, parent=None, name="lathe", smooth=True):
    """Surface of revolution of a (radius, z) polyline around the Z axis."""
    bm = bmesh.new()
    rings = []
    for i in range(seg):
        a = 2 * math.pi * i / seg
        ring = []
        for r, z in profile:
            ring.append(bm.verts.new((center[0] + r * math.cos(a), center[1] + r * math.sin(a), z0 + z)))
        rings.append(ring)
    for i in range(seg):
        a, b = rings[i], rings[(i + 1) % seg]
        for j in range(len(profile) - 1):
            quad = [a[j], b[j], b[j + 1], a[j + 1]]
            try:
                bm.faces.new(quad)
            except ValueError:
                pass
    bmesh.ops.remove_doubles(bm, verts=bm.verts, dist=1e-6)
    bmesh.ops.recalc_face_normals(bm, faces=bm.faces)
    return _link(name, bm, mat, smooth=smooth, parent=parent, auto_smooth=math.radians(50))


def curtain(mat, side_fn, u0, u1, z0, z1, depth=0.07, folds=0.16, seg_per_m=60, name="curtain"):
    """A pleated curtain hanging between u0 and u1 along a wall; side_fn maps (u, n, z) to world."""
    bm = bmesh.new()
    n = max(8, int(abs(u1 - u0) * seg_per_m))
    prev = None
    for i in range(n + 1):
        u = u0 + (u1 - u0) * i / n
        off = depth * (0.5 + 0.5 * math.sin(2 * math.pi * (u - u0) / folds))
        a = bm.verts.new(side_fn(u, off, z0))
        b = bm.verts.new(side_fn(u, off, z1))
        if prev:
            bm.faces.new((prev[0], a, b, prev[1]))
        prev = (a, b)
    return _link(name, bm, mat, smooth=True, auto_smooth=math.pi)


def plant(pot_mat, leaf_mat, center, pot_r=0.16, pot_h=0.3, height=0.9, leaves=40, leaf=(0.14, 0.06), spread=0.45, seed=1, parent=None, stem_mat=None, pot_profile=None):
    """Potted plant: a tapered pot, soil, and stems ending in flattened leaves (rubber plant / ficus-like)."""
    rng = random.Random(seed)
    cx, cy, cz = center
    if pot_profile is None:
        bowl(pot_mat, (cx, cy), cz, pot_r, pot_r * 0.78, pot_h, wall=0.012, parent=parent, name="pot")
    else:
        pot_profile(cx, cy, cz)
    soil = pbr("soil", "#3b2a1e", rough=1.0)
    cyl(soil, (cx, cy), cz + pot_h - 0.04, cz + pot_h - 0.03, pot_r - 0.013, parent=parent, name="soil")
    stem_mat = stem_mat or pbr("stem", "#4f5a2a", rough=0.7)
    base = Vector((cx, cy, cz + pot_h - 0.03))
    bm = bmesh.new()
    for i in range(leaves):
        t = (i + 0.5) / leaves
        ang = rng.uniform(0, 2 * math.pi)
        h = height * (0.35 + 0.65 * math.sqrt(t)) * rng.uniform(0.85, 1.05)
        rad = spread * (0.25 + 0.75 * (1 - abs(0.6 - t))) * rng.uniform(0.5, 1.0)
        tip = base + Vector((rad * math.cos(ang), rad * math.sin(ang), h))
        # leaf: a flattened sphere oriented along the outward-upward direction
        d = (tip - base).normalized()
        out = Vector((math.cos(ang), math.sin(ang), 0.0))
        leaf_dir = (out * 0.8 + Vector((0, 0, rng.uniform(-0.2, 0.6)))).normalized()
        up = leaf_dir.cross(Vector((0, 0, 1))).normalized().cross(leaf_dir)
        side = leaf_dir.cross(up)
        tilt = rng.uniform(-0.5, 0.5)
        normal = (up * math.cos(tilt) + side * math.sin(tilt)).normalized()
        side = leaf_dir.cross(normal)
        rot = Matrix((leaf_dir, side, normal)).transposed().to_4x4()
        s = rng.uniform(0.75, 1.15)
        geo = bmesh.ops.create_uvsphere(bm, u_segments=10, v_segments=6, radius=1.0)
        m = Matrix.Translation(tip + leaf_dir * leaf[0] * s * 0.9) @ rot @ Matrix.Diagonal((leaf[0] * s, leaf[1] * s, 0.008, 1))
        bmesh.ops.transform(bm, matrix=m, verts=geo["verts"])
        # stem: a thin box from the base to the leaf
        stem_len = (tip - base).length
        g = bmesh.ops.create_cone(bm, cap_ends=False, segments=5, radius1=0.005, radius2=0.003, depth=stem_len)
        q = d.to_track_quat("Z", "Y").to_matrix().to_4x4()
        bmesh.ops.transform(bm, matrix=Matrix.Translation((base + tip) / 2) @ q, verts=g["verts"])
    ob = _link("leaves", bm, leaf_mat, smooth=True, parent=parent, auto_smooth=math.pi)
    return ob


def bush(mat, center, radius, seed=3, blobs=9, squash=0.8, parent=None, leaf_size=None):
    """Shrub / tree crown: a cluster of noise-displaced spheres."""
    rng = random.Random(seed)
    obs = []
    for i in range(blobs):
        off = Vector((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-0.6, 0.8))) * radius * 0.55
        r = radius * rng.uniform(0.45, 0.7)
        ob = sphere(mat, Vector(center) + off, r, scale=(1, 1, squash), seg=24, parent=parent, name="crown")
        sub = ob.modifiers.new("sub", "SUBSURF")
        sub.levels = sub.render_levels = 1
        tex = bpy.data.textures.new("crown_tex", "CLOUDS")
        tex.noise_scale = leaf_size or radius * 0.25
        tex.noise_depth = 2
        d = ob.modifiers.new("disp", "DISPLACE")
        d.texture = tex
        d.texture_coords = "GLOBAL"
        d.strength = r * 0.35
        d.mid_level = 0.5
        obs.append(ob)
    return obs


def picture(frame_mat, art_mat, side_fn, u0, u1, z0, z1, depth=0.03, border=0.025, mat_board=0.0):
    """A framed picture on a wall; side_fn maps wall-local (u, n, z) extents to a world box."""
    board = pbr("passepartout", "#f4f1ea", rough=0.9)
    # frame pieces (n from the wall surface into the room: negative n means in front of the wall)
    box(frame_mat, *side_fn(u0, u1, -depth, 0, z0, z0 + border), bev=0.002)
    box(frame_mat, *side_fn(u0, u1, -depth, 0, z1 - border, z1), bev=0.002)
    box(frame_mat, *side_fn(u0, u0 + border, -depth, 0, z0, z1), bev=0.002)
    box(frame_mat, *side_fn(u1 - border, u1, -depth, 0, z0, z1), bev=0.002)
    if mat_board > 0:
        box(board, *side_fn(u0 + border, u1 - border, -depth * 0.35, 0, z0 + border, z1 - border))
        box(art_mat, *side_fn(u0 + border + mat_board, u1 - border - mat_board, -depth * 0.4, 0, z0 + border + mat_board, z1 - border - mat_board))
    else:
        box(art_mat, *side_fn(u0 + border, u1 - border, -depth * 0.4, 0, z0 + border, z1 - border))


# ---------------------------------------------------------------------------------------------
# Room shell with windows


class Room:
    """Walls, floor, ceiling, skirting, windows (frame, glass, sill, light portal)."""

    T = 0.25  # wall thickness

    def __init__(self, W, D, H, wall_mat, floor_mat, ceil_mat, frame_mat, windows=(), wall_mats=None, skirting_mat=None, skirting=0.08):
        self.W, self.D, self.H = W, D, H
        self.frame_mat = frame_mat
        self.glass = glass("window glass")
        T = self.T
        box(floor_mat, (-W / 2 - T, -T, -0.12), (W / 2 + T, D + T, 0.0), name="floor")
        box(ceil_mat, (-W / 2 - T, -T, H), (W / 2 + T, D + T, H + 0.15), name="ceiling")
        wall_mats = wall_mats or {}
        for side in ("back", "front", "left", "right"):
            ws = [w for w in windows if w["side"] == side]
            self._wall(side, wall_mats.get(side, wall_mat), ws)
            if skirting and skirting_mat is not None:
                self._skirting(side, skirting_mat, skirting, ws)
        for w in windows:
            self._window(w)

    # wall-local (u along the wall, n into the wall away from the room, z) -> world extents
    def extents(self, side, u0, u1, n0, n1, z0, z1):
        W, D = self.W, self.D
        if side == "back":
            return (u0, D + n0, z0), (u1, D + n1, z1)
        if side == "front":
            return (u0, -n1, z0), (u1, -n0, z1)
        if side == "left":
            return (-W / 2 - n1, u0, z0), (-W / 2 - n0, u1, z1)
        return (W / 2 + n0, u0, z0), (W / 2 + n1, u1, z1)

    def side_fn(self, side):
        return lambda u0, u1, n0, n1, z0, z1: self.extents(side, u0, u1, n0, n1, z0, z1)

    def point(self, side, u, n, z):
        (x0, y0, _), (x1, y1, _) = self.extents(side, u, u, n, n, z, z)
        return Vector((x0, y0, z))

    def span(self, side):
        T = self.T
        if side in ("back", "front"):
            return -self.W / 2 - T, self.W / 2 + T
        return -T, self.D + T

    def _wall(self, side, mat, ws):
        a, b = self.span(side)
        cuts = sorted(ws, key=lambda w: w["u"])
        u = a
        H, T = self.H, self.T
        for w in cuts:
            w0, w1 = w["u"] - w["width"] / 2, w["u"] + w["width"] / 2
            if w0 > u:
                box(mat, *self.extents(side, u, w0, 0, T, 0, H), name=f"wall_{side}")
            if w["sill"] > 0:
                box(mat, *self.extents(side, w0, w1, 0, T, 0, w["sill"]), name=f"wall_{side}_below")
            if w["top"] < H:
                box(mat, *self.extents(side, w0, w1, 0, T, w["top"], H), name=f"wall_{side}_above")
            u = w1
        if u < b:
            box(mat, *self.extents(side, u, b, 0, T, 0, H), name=f"wall_{side}")

    def _skirting(self, side, mat, h, ws):
        a, b = self.span(side)
        a, b = a + self.T, b - self.T
        pieces = [(a, b)]
        for w in ws:
            if w["sill"] <= 0.01:  # a door / full-height window interrupts the skirting
                w0, w1 = w["u"] - w["width"] / 2, w["u"] + w["width"] / 2
                new = []
                for p0, p1 in pieces:
                    if w1 <= p0 or w0 >= p1:
                        new.append((p0, p1))
                    else:
                        if w0 > p0:
                            new.append((p0, w0))
                        if w1 < p1:
                            new.append((w1, p1))
                pieces = new
        for p0, p1 in pieces:
            box(mat, *self.extents(side, p0, p1, -0.014, 0, 0, h), bev=0.003, name="skirting")

    def _window(self, w):
        side, f = w["side"], self.frame_mat
        u0, u1 = w["u"] - w["width"] / 2, w["u"] + w["width"] / 2
        z0, z1 = w["sill"], w["top"]
        fw = w.get("frame", 0.06)
        n0, n1 = 0.07, 0.15  # frame depth inside the wall thickness
        ext = lambda *a: self.extents(side, *a)
        # outer frame
        box(f, *ext(u0, u1, n0, n1, z0, z0 + fw), bev=0.004, name="frame")
        box(f, *ext(u0, u1, n0, n1, z1 - fw, z1), bev=0.004, name="frame")
        box(f, *ext(u0, u0 + fw, n0, n1, z0, z1), bev=0.004, name="frame")
        box(f, *ext(u1 - fw, u1, n0, n1, z0, z1), bev=0.004, name="frame")
        # mullions: vertical divisions into panes
        panes = w.get("panes", max(1, round((u1 - u0) / 0.9)))
        for i in range(1, panes):
            um = u0 + (u1 - u0) * i / panes
            box(f, *ext(um - fw * 0.6, um + fw * 0.6, n0 - 0.01, n1, z0, z1), bev=0.004, name="mullion")
        if w.get("transom"):
            zt = w["transom"]
            box(f, *ext(u0, u1, n0 - 0.01, n1, zt - fw * 0.5, zt + fw * 0.5), bev=0.004, name="transom")
        box(self.glass, *ext(u0 + fw * 0.5, u1 - fw * 0.5, 0.105, 0.11, z0 + fw * 0.5, z1 - fw * 0.5), name="glass")
        # interior sill board
        if z0 > 0.05 and w.get("sill_board", True):
            box(w.get("sill_mat", f), *ext(u0 - 0.04, u1 + 0.04, -0.04, n0, z0 - 0.025, z0), bev=0.004, name="sill")
        # light portal guiding the sampling of the sky through the opening
        lt = bpy.data.lights.new("portal", "AREA")
        lt.shape = "RECTANGLE"
        lt.size = u1 - u0
        lt.size_y = z1 - z0
        lt.cycles.is_portal = True
        ob = bpy.data.objects.new("portal", lt)
        bpy.context.scene.collection.objects.link(ob)
        centre = self.point(side, (u0 + u1) / 2, 0.16, (z0 + z1) / 2)
        inward = self.point(side, 0, -1, 0) - self.point(side, 0, 0, 0)
        ob.location = centre
        ob.rotation_euler = _track(inward)
        # soft "skylight" just inside the opening: direct light converges far faster than light
        # found through the portal alone; invisible to the camera and in reflections
        fill = w.get("fill", 25.0)
        if fill > 0:
            area_light(self.point(side, (u0 + u1) / 2, -0.03, (z0 + z1) / 2), u1 - u0, inward, fill * (u1 - u0) * (z1 - z0),
                       color=w.get("fill_color", "#e8f0ff"), name="window fill", size_y=z1 - z0)


def _track(direction):
    """Rotation pointing an object's -Z along direction with its +Y as close to world +Z as possible."""
    d = Vector(direction).normalized()
    return d.to_track_quat("-Z", "Y").to_euler()


# ---------------------------------------------------------------------------------------------
# Light, world, camera, render settings


def daylight(scene, sun_elevation=30.0, sun_azimuth=200.0, sun_strength=4.0, sky_strength=0.35, sun_angle=1.2, ground_color="#6f7a52"):
    """Nishita sky for the world light plus a sun lamp (sampled explicitly: much less noise than the sky's disc).

    Interiors need a strong sun (about 80 against the sky's 1 and the window fills' 25 W/m2) for its patches
    on the floor to show at all: that is the real ratio of direct sun to skylight.

    sun_azimuth: compass angle (degrees) of where the sun is, measured from +Y towards +X.
    """
    world = bpy.data.worlds.new("sky")
    scene.world = world
    world.use_nodes = True
    nt = world.node_tree
    bg = nt.nodes["Background"]
    sky = nt.nodes.new("ShaderNodeTexSky")
    sky.sky_type = "NISHITA"
    sky.sun_disc = False
    sky.sun_elevation = math.radians(sun_elevation)
    # the sky's glow only roughly follows the lamp; with the disc off that is all it contributes
    sky.sun_rotation = math.radians(90.0 - sun_azimuth)
    sky.altitude = 200.0
    sky.air_density = 1.0
    sky.dust_density = 2.0
    nt.links.new(sky.outputs["Color"], bg.inputs["Color"])
    bg.inputs["Strength"].default_value = sky_strength
    world.cycles.sampling_method = "MANUAL"
    world.cycles.sample_map_resolution = 1024

    el, az = math.radians(sun_elevation), math.radians(sun_azimuth)
    to_sun = Vector((math.sin(az) * math.cos(el), math.cos(az) * math.cos(el), math.sin(el)))
    sun = bpy.data.lights.new("sun", "SUN")
    sun.energy = sun_strength
    sun.angle = math.radians(sun_angle)
    sun.color = (1.0, 0.93, 0.82)
    ob = bpy.data.objects.new("sun", sun)
    scene.collection.objects.link(ob)
    ob.rotation_euler = _track(-to_sun)
    return to_sun


def area_light(loc, size, direction, energy, color="#fff4e6", name="fill", visible=False, shape="RECTANGLE", size_y=None):
    lt = bpy.data.lights.new(name, "AREA")
    lt.shape = shape
    lt.size = size
    if size_y is not None:
        lt.size_y = size_y
    lt.energy = energy
    lt.color = hexc(color)[:3]
    ob = bpy.data.objects.new(name, lt)
    bpy.context.scene.collection.objects.link(ob)
    ob.location = loc
    ob.rotation_euler = _track(direction)
    ob.visible_camera = visible
    ob.visible_glossy = False
    return ob


def point_light(loc, energy, radius=0.05, color="#ffd9a8", name="bulb"):
    lt = bpy.data.lights.new(name, "POINT")
    lt.energy = energy
    lt.shadow_soft_size = radius
    lt.color = hexc(color)[:3]
    ob = bpy.data.objects.new(name, lt)
    bpy.context.scene.collection.objects.link(ob)
    ob.location = loc
    return ob


def camera(scene, loc, target, lens=20.0, shift_y=0.0, shift_x=0.0, level=True):
    """Real-estate style camera: verticals kept vertical (level) and framed with a lens shift."""
    cam = bpy.data.cameras.new("camera")
    cam.lens = lens
    cam.sensor_width = 36.0
    cam.sensor_fit = "HORIZONTAL"
    cam.shift_y = shift_y
    cam.shift_x = shift_x
    cam.clip_start = 0.05
    cam.clip_end = 500.0
    ob = bpy.data.objects.new("camera", cam)
    scene.collection.objects.link(ob)
    ob.location = loc
    d = Vector(target) - Vector(loc)
    if level:
        d.z = 0.0
    ob.rotation_euler = _track(d)
    scene.camera = ob
    return ob


def render_settings(scene, width, height, samples, time_limit=0.0, exposure=0.0, threads=0):
    scene.render.resolution_x = width
    scene.render.resolution_y = height
    scene.render.resolution_percentage = 100
    c = scene.cycles
    c.device = "CPU"
    c.samples = samples
    c.time_limit = time_limit
    c.use_adaptive_sampling = True
    c.adaptive_threshold = 0.015
    c.adaptive_min_samples = 16
    c.use_denoising = False  # Debian's Blender is built without OpenImageDenoise; see render_room.py
    c.max_bounces = 8
    c.diffuse_bounces = 2
    c.glossy_bounces = 3
    c.transmission_bounces = 4
    c.transparent_max_bounces = 8
    c.volume_bounces = 0
    c.caustics_reflective = False
    c.caustics_refractive = False
    c.blur_glossy = 1.0
    c.sample_clamp_direct = 0.0
    c.sample_clamp_indirect = 3.0
    c.seed = 7
    c.use_animated_seed = False
    c.pixel_filter_type = "BLACKMAN_HARRIS"
    c.filter_width = 1.8
    if threads:
        scene.render.threads_mode = "FIXED"
        scene.render.threads = threads
    vs = scene.view_settings
    vs.view_transform = "Filmic"
    vs.look = "Medium High Contrast"
    vs.exposure = exposure
    vs.gamma = 1.0
    scene.render.image_settings.file_format = "PNG"
    scene.render.image_settings.color_mode = "RGB"
    scene.render.image_settings.color_depth = "8"
    scene.render.film_transparent = False


def mottled(name, color_a, color_b, scale=0.2, rough=0.9):
    """Two colours mixed by a noise texture (world-size features of about 1/scale metres): lawn, hills, crowns."""
    mat = pbr(name, color_a, rough=rough, spec=0.3)
    nt = mat.node_tree
    b = _principled(mat)
    tc = nt.nodes.new("ShaderNodeTexCoord")
    nz = nt.nodes.new("ShaderNodeTexNoise")
    nz.inputs["Scale"].default_value = scale
    nz.inputs["Detail"].default_value = 8.0
    nz.inputs["Roughness"].default_value = 0.6
    nt.links.new(tc.outputs["Object"], nz.inputs["Vector"])
    ramp = nt.nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = hexc(color_a)
    ramp.color_ramp.elements[1].color = hexc(color_b)
    ramp.color_ramp.elements[0].position = 0.35
    ramp.color_ramp.elements[1].position = 0.65
    nt.links.new(nz.outputs["Fac"], ramp.inputs["Fac"])
    nt.links.new(ramp.outputs["Color"], b.inputs["Base Color"])
    return mat
