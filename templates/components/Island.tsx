/**
 * An island on the server: the component rendered with renderToString (so React can hydrate it)
 * inside a marker element, its props beside it as non-executable JSON. The client entry of the same
 * name hydrates every marker it finds (templates/islands/hydrate.tsx).
 */
import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { jsonForScript } from '../layout/Head.js';

export function Island<P extends object>({ name, component, props }: { name: string; component: FunctionComponent<P>; props: P }) {
  return (
    <>
      <div data-island={name} dangerouslySetInnerHTML={{ __html: renderToString(createElement(component, props)) }} />
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
    </>
  );
}
