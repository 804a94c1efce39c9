// Titles of the pages whose features are still to come, by first path segment.
const TITLES: Record<string, string> = {
  editmedia: "Services",
  bidgallery: "The Great International Empire Auction",
  beatbattle: "Origins Beat Battle",
  fundraiser: "Donate and Become an Action Star Member",
  farmereps: "Episodes",
  digiprev: "Browse Digital Products",
  bigfile: "File",
  projects: "Project",
  programming: "Programming",
  playselect: "Sequence",
  renderfiles: "Rendered Files",
  digistore: "Create Your Product",
  digimanager: "My Digital Products",
  checkout: "Checkout",
  beatbin: "Beat Battle Submissions",
  farmertv: "FarmerTV",
  dropzone: "Drop Zone",
  webpopup: "Web Popup",
  createbid: "Create Bid Items",
  membid: "Member Items",
  memitem: "Pending Member Items",
};

export function plannedTitle(pathname: string): string {
  const segment = pathname.split("/")[1]?.toLowerCase() ?? "";
  return TITLES[segment] ?? "Coming soon";
}
