import { Form } from "react-router";

/** "Mark handled" on a request's page (a message, an estimate), until it is handled. */
export function MarkHandled({ handled }: { handled: boolean }) {
  return handled ? null : (
    <Form method="post" className="mt-6">
      <button type="submit" className="btn-primary">
        Mark handled
      </button>
    </Form>
  );
}
