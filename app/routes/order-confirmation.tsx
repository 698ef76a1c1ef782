// Placeholder: built by the issue that owns this page.
export default function Page() {
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold">Order Confirmation</h1>
    </div>
  );
}
