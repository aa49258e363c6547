import { useEffect } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router-dom";
import CommandCenterApp from "../commandcenter/CommandCenterApp";
import { COMMAND_CENTER_PREFIX } from "../public-paths";

/**
 * The Command Center runs under react-router (its nested <Routes> are relative to /commandcenter).
 * When it navigates out of /commandcenter (e.g. Logout -> "/"), the public site takes over with a
 * full page load, so that it gets its prerendered HTML and its own router.
 */
function LeaveCommandCenter() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(`${pathname}${search}${hash}`);
  }, [pathname, search, hash]);
  return null;
}

export default function CommandCenterMount() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={`${COMMAND_CENTER_PREFIX}/*`} element={<CommandCenterApp />} />
        <Route path="*" element={<LeaveCommandCenter />} />
      </Routes>
    </BrowserRouter>
  );
}
