import { data } from "react-router";

/** Any unknown path: a real HTTP 404, rendered by the root error boundary as NotFound. */
export function loader() {
  throw data(null, { status: 404 });
}


export default function NotFoundRoute() {
  return null;
}
