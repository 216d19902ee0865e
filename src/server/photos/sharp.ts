/**
 * sharp (libvips) takes tens of MB of memory once loaded: it is loaded by the first photo checked or processed,
 * not when the server starts, so a server whose owner uploads nothing never carries it.
 */
export type Sharp = typeof import('sharp').default;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
