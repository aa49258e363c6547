// Owned by the Command Center work: replaced with the real staff area (routes under /commandcenter).
export default function CommandCenterApp() {
  return <p>Loading...</p>;
}
