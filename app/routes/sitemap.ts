// Placeholder: built by the findability issue.
export function loader() {
  return new Response("", { status: 404 });
}
