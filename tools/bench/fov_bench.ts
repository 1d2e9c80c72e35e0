/**
 * FOV: one call per iteration, cycling through 200 floor cells, on 80x43
 * floors and on 256x256 and 1024x1024 maps tiled with such floors (same
 * structure, only the size differs), at radius 8 and unlimited; rot.js
 * PreciseShadowcasting on the same cells in the same run.
 */
import { fovOurs, fovRot, largeFovCase, smallFovCases } from "./engine_cases.ts";

const small = smallFovCases();
const large = [largeFovCase()];

Deno.bench({ name: "computeFov r=8, 80x43", group: "fov r8 80x43", baseline: true, fn: fovOurs(small, 8) });
Deno.bench({ name: "rot.js PreciseShadowcasting r=8, 80x43", group: "fov r8 80x43", fn: fovRot(small, 8) });
Deno.bench({
  name: "computeFov r=8, 1024x1024",
  group: "fov r8 1024",
  baseline: true,
  fn: fovOurs(large, 8),
});
Deno.bench({
  name: "rot.js PreciseShadowcasting r=8, 1024x1024",
  group: "fov r8 1024",
  fn: fovRot(large, 8),
});
Deno.bench({
  name: "computeFov unlimited, 80x43",
  group: "fov unlimited 80x43",
  baseline: true,
  fn: fovOurs(small, 0),
});
Deno.bench({
  name: "rot.js PreciseShadowcasting r=80 (whole map), 80x43",
  group: "fov unlimited 80x43",
  fn: fovRot(small, 80),
});
Deno.bench({
  name: "computeFov unlimited, 256x256",
  group: "fov unlimited large",
  baseline: true,
  fn: fovOurs([largeFovCase(256)], 0),
});
Deno.bench({ name: "computeFov unlimited, 1024x1024", group: "fov unlimited large", fn: fovOurs(large, 0) });
