/** Types for @sabaki/sgf (CommonJS, no bundled types): the parts Arbitra uses. */
declare module '@sabaki/sgf' {
  export interface SgfNode {
    id?: number | string | null;
    data: Record<string, string[]>;
    parentId?: number | string | null;
    children: SgfNode[];
  }
  export function parse(contents: string, options?: Record<string, unknown>): SgfNode[];
  export function stringify(nodes: SgfNode | SgfNode[], options?: { linebreak?: string; indent?: string; level?: number }): string;
  const sgf: { parse: typeof parse; stringify: typeof stringify };
  export default sgf;
}
