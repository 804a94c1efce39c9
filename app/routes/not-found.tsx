import { data } from "react-router";
import { NotFound } from "../components/PageError";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Not Found · Creator Platform" }];
}

export default NotFound;
