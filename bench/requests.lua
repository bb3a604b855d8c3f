-- wrk script of `make bench` (bench/wrk.py runs it): sends prepared requests in turn instead of one URL.
-- Arguments: the requests file (one request a line: group, method, path, cookie, body, separated by tabs) and
-- the number of threads. Thread i of n sends the lines whose group modulo n is i, in file order, so that one
-- learner's answers go out in order from one thread. Every request says it came through the TLS-terminating
-- proxy (X-Forwarded-Proto), and a POST carries the page's Origin, as a browser's does.
-- When done, prints one line of JSON: requests, duration (microseconds), errors, and latency percentiles.

local thread_count = 0

function setup(thread)
  thread:set("thread_index", thread_count)
  thread_count = thread_count + 1
end

local requests = {}
local next_request = 1

function init(args)
  local threads = tonumber(args[2])
  local origin = "https://" .. wrk.headers["Host"]
  for line in io.lines(args[1]) do
    local group, method, path, cookie, body = line:match("^(%d+)\t(%u+)\t([^\t]*)\t([^\t]*)\t?(.*)$")
    if tonumber(group) % threads == thread_index then
      local headers = {["Cookie"] = cookie, ["X-Forwarded-Proto"] = "https"}
      if method == "POST" then
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        headers["Origin"] = origin
      else
        body = nil
      end
      table.insert(requests, wrk.format(method, path, headers, body))
    end
  end
end

function request()
  local prepared = requests[next_request]
  next_request = next_request % #requests + 1
  return prepared
end

function done(summary, latency, _requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "status_errors": %d, "socket_errors": %d, "p50_us": %d, "p99_us": %d}\n',
    summary.requests, summary.duration, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
