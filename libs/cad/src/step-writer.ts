/**
 * Writes STEP AP214 files (ISO 10303-21) of bodies with planar faces, in millimetres, under the product
 * structure CAD systems write: `stepBox`, a rectangular block length × width × thickness with one corner
 * at the origin (a MANIFOLD_SOLID_BREP of 6 ADVANCED_FACEs on PLANEs, 12 straight EDGE_CURVEs), and
 * `stepSolids`, several prisms in one model (an assembly). Test fixtures whose volumes are known exactly.
 */

type Vector = [number, number, number];

class StepData {
  private readonly lines: string[] = [];

  add(entity: string): string {
    const id = `#${this.lines.length + 1}`;
    this.lines.push(`${id}=${entity};`);
    return id;
  }

  text(): string {
    return this.lines.join('\n');
  }
}

function real(value: number): string {
  // STEP reals need a decimal point in the mantissa: 3 → "3.", 1e-7 → "1.E-7".
  const [mantissa, exponent] = String(value).toUpperCase().split('E');
  const point = mantissa.includes('.') ? mantissa : `${mantissa}.`;
  return exponent === undefined ? point : `${point}E${exponent}`;
}

const triple = (v: Vector) => `(${v.map(real).join(',')})`;
const subtract = (a: Vector, b: Vector): Vector => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vector, b: Vector): Vector => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a: Vector) => Math.hypot(a[0], a[1], a[2]);
const unit = (a: Vector): Vector => {
  const length = norm(a);
  return [a[0] / length, a[1] / length, a[2] / length];
};

/** A body: a polygon in the x-y plane (counter-clockwise or not), extruded `height` along z, moved by `at`. */
export interface StepPrism {
  profile: Array<[number, number]>;
  height: number;
  at?: Vector;
}

export function stepBox(length: number, width: number, thickness: number): string {
  if (!(length > 0 && width > 0 && thickness > 0)) throw new Error('stepBox: every side must be positive');
  return stepSolids(
    [
      {
        profile: [
          [0, 0],
          [length, 0],
          [length, width],
          [0, width],
        ],
        height: thickness,
      },
    ],
    `Fabquote test block ${real(length)} x ${real(width)} x ${real(thickness)} mm`,
  );
}

/**
 * A STEP file of several bodies (an assembly as CAD systems export it flat: one shape representation
 * holding a MANIFOLD_SOLID_BREP per body), each a prism: planar faces, straight edges, known volume.
 */
export function stepSolids(bodies: StepPrism[], description = 'Fabquote test bodies'): string {
  if (!bodies.length || bodies.some((body) => !(body.height > 0) || body.profile.length < 3)) throw new Error('stepSolids: every body needs a profile and a height');
  const data = new StepData();
  const context = data.add('APPLICATION_CONTEXT(\'automotive design\')');
  data.add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,${context})`);
  const productContext = data.add(`PRODUCT_CONTEXT('',${context},'mechanical')`);
  const product = data.add(`PRODUCT('box','box','',(${productContext}))`);
  const formation = data.add(`PRODUCT_DEFINITION_FORMATION('','',${product})`);
  const definitionContext = data.add(`PRODUCT_DEFINITION_CONTEXT('part definition',${context},'design')`);
  const definition = data.add(`PRODUCT_DEFINITION('design','',${formation},${definitionContext})`);
  const definitionShape = data.add(`PRODUCT_DEFINITION_SHAPE('','',${definition})`);

  const millimetre = data.add('(LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.))');
  const radian = data.add('(NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.))');
  const steradian = data.add('(NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT())');
  const uncertainty = data.add(`UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),${millimetre},'distance_accuracy_value','confusion accuracy')`);
  const geometricContext = data.add(
    `(GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((${uncertainty})) GLOBAL_UNIT_ASSIGNED_CONTEXT((${millimetre},${radian},${steradian})) REPRESENTATION_CONTEXT('',''))`,
  );
  const solids = bodies.map((body) => prism(data, body));
  const originPoint = data.add(`CARTESIAN_POINT('',(0.,0.,0.))`);
  const zAxis = data.add(`DIRECTION('',(0.,0.,1.))`);
  const xAxis = data.add(`DIRECTION('',(1.,0.,0.))`);
  const placement = data.add(`AXIS2_PLACEMENT_3D('',${originPoint},${zAxis},${xAxis})`);
  const representation = data.add(`ADVANCED_BREP_SHAPE_REPRESENTATION('box',(${solids.join(',')},${placement}),${geometricContext})`);
  data.add(`SHAPE_DEFINITION_REPRESENTATION(${definitionShape},${representation})`);

  return [
    'ISO-10303-21;',
    'HEADER;',
    `FILE_DESCRIPTION(('${description}'),'2;1');`,
    "FILE_NAME('box.stp','2024-01-01T00:00:00',(''),(''),'Fabquote','Fabquote','');",
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    data.text(),
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

/** One prism as a MANIFOLD_SOLID_BREP: bottom, top and a side face per profile edge, each bound counter-clockwise seen from outside. */
function prism(data: StepData, body: StepPrism): string {
  const [dx, dy, dz] = body.at ?? [0, 0, 0];
  const n = body.profile.length;
  const corners: Vector[] = [
    ...body.profile.map(([x, y]): Vector => [x + dx, y + dy, dz]),
    ...body.profile.map(([x, y]): Vector => [x + dx, y + dy, dz + body.height]),
  ];
  // The profile's turn: counter-clockwise (positive area) makes (ey, −ex) an edge's outward normal.
  let twice = 0;
  for (let i = 0; i < n; i++) twice += body.profile[i][0] * body.profile[(i + 1) % n][1] - body.profile[(i + 1) % n][0] * body.profile[i][1];
  const turn = Math.sign(twice);
  const bottom = Array.from({ length: n }, (_, i) => i);
  const faces: { corners: number[]; normal: Vector }[] = [
    { corners: bottom, normal: [0, 0, -1] },
    { corners: bottom.map((i) => i + n), normal: [0, 0, 1] },
    ...bottom.map((i) => {
      const j = (i + 1) % n;
      const edge = subtract(corners[j], corners[i]);
      return { corners: [i, j, j + n, i + n], normal: unit([turn * edge[1], -turn * edge[0], 0]) };
    }),
  ];
  const points = corners.map((corner) => data.add(`CARTESIAN_POINT('',${triple(corner)})`));
  const vertices = points.map((point) => data.add(`VERTEX_POINT('',${point})`));
  // Each edge once, from its lower corner index to its higher; faces use it in either sense.
  const edges = new Map<string, string>();
  const edge = (from: number, to: number): string => {
    const [a, b] = from < to ? [from, to] : [to, from];
    const key = `${a}-${b}`;
    let id = edges.get(key);
    if (!id) {
      const span = subtract(corners[b], corners[a]);
      const direction = data.add(`DIRECTION('',${triple(unit(span))})`);
      const vector = data.add(`VECTOR('',${direction},${real(norm(span))})`);
      const line = data.add(`LINE('',${points[a]},${vector})`);
      id = data.add(`EDGE_CURVE('',${vertices[a]},${vertices[b]},${line},.T.)`);
      edges.set(key, id);
    }
    return `ORIENTED_EDGE('',*,*,${id},${from < to ? '.T.' : '.F.'})`;
  };

  const ids = faces.map(({ corners: indices, normal }) => {
    // The outer bound runs counter-clockwise seen from outside: turn it if it does not (by its area's sign).
    let turning: Vector = [0, 0, 0];
    for (let k = 0; k < indices.length; k++) {
      const c = cross(corners[indices[k]], corners[indices[(k + 1) % indices.length]]);
      turning = [turning[0] + c[0], turning[1] + c[1], turning[2] + c[2]];
    }
    const order = dot(turning, normal) > 0 ? indices : [...indices].reverse();
    const oriented = order.map((from, i) => data.add(edge(from, order[(i + 1) % order.length])));
    const loop = data.add(`EDGE_LOOP('',(${oriented.join(',')}))`);
    const bound = data.add(`FACE_OUTER_BOUND('',${loop},.T.)`);
    const origin = data.add(`CARTESIAN_POINT('',${triple(corners[order[0]])})`);
    const axis = data.add(`DIRECTION('',${triple(normal)})`);
    const reference = data.add(`DIRECTION('',${triple(unit(subtract(corners[order[1]], corners[order[0]])))})`);
    const placement = data.add(`AXIS2_PLACEMENT_3D('',${origin},${axis},${reference})`);
    const plane = data.add(`PLANE('',${placement})`);
    return data.add(`ADVANCED_FACE('',(${bound}),${plane},.T.)`);
  });

  const shell = data.add(`CLOSED_SHELL('',(${ids.join(',')}))`);
  return data.add(`MANIFOLD_SOLID_BREP('body',${shell})`);
}

/** A 100 × 50 × 3 plate at height `z` of an assembly fixture. */
export const assemblyPlate = (z: number): StepPrism => ({
  profile: [
    [0, 0],
    [100, 0],
    [100, 50],
    [0, 50],
  ],
  height: 3,
  at: [0, 0, z],
});

/**
 * An assembly as customers send one: three identical plates 100 × 50 × 3 stacked 50 apart and an angle
 * that is no sheet (legs 50 × 3 and 3 × 30, 100 long: volume (150 + 81) · 100 = 23100, not one thickness).
 */
export function plateAssemblyBodies(): StepPrism[] {
  const angle: StepPrism = {
    profile: [
      [0, 0],
      [50, 0],
      [50, 3],
      [3, 3],
      [3, 30],
      [0, 30],
    ],
    height: 100,
    at: [0, 200, 0],
  };
  return [assemblyPlate(0), assemblyPlate(50), assemblyPlate(100), angle];
}
