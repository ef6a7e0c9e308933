-- Drives a real, headless Neovim through one portlint session: wait for the diagnostics, record
-- their exact positions, apply the preferred quick fix for one of them, write the buffer, quit.
-- The editor configuration itself comes first: the README's snippet for this Neovim, verbatim.
-- Environment: PORTLINT_OUT (result file), PORTLINT_CODE (the rule whose fix to apply).
local out = assert(os.getenv("PORTLINT_OUT"))
local wanted = assert(os.getenv("PORTLINT_CODE"))
local log = {}
local function say(s) table.insert(log, s) end
local function finish(rc)
  vim.fn.writefile(log, out)
  vim.cmd(rc == 0 and "qall!" or ("cquit " .. rc))
end

local function portlint_client(buf)
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf })
    or vim.lsp.buf_get_clients(buf)
  for _, c in pairs(clients) do
    if c.name == "portlint" then return c end
  end
end

vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  local ok, err = pcall(function()
    local buf = vim.api.nvim_get_current_buf()
    local function ours() return vim.diagnostic.get(buf) end
    assert(vim.wait(30000, function() return #ours() > 0 end, 50), "no diagnostics")
    local client = assert(portlint_client(buf), "portlint is not attached")
    if vim.lsp.get_clients then -- 0.10+: ask for the document's diagnostics the pull way too
      local pulled = vim.lsp.buf_request_sync(buf, "textDocument/diagnostic",
        { textDocument = { uri = vim.uri_from_bufnr(buf) } }, 10000)
      local report = assert(pulled and pulled[client.id] and pulled[client.id].result, "no report")
      say("pulled=" .. report.kind .. ":" .. #(report.items or {}))
    else
      say("pulled=none")
    end
    local diags = ours()
    table.sort(diags, function(a, b)
      return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
    local target
    for _, d in ipairs(diags) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      say(("diag %d:%d-%d:%d %s sev=%d"):format(d.lnum, d.col, d.end_lnum, d.end_col,
        tostring(code), d.severity))
      if code == wanted and target == nil then target = d end
    end
    assert(target, "no diagnostic for " .. wanted)
    local lsp = target.user_data and target.user_data.lsp
    local range = { start = { line = target.lnum, character = target.col },
      ["end"] = { line = target.end_lnum, character = target.end_col } }
    local sent = { range = range, message = target.message, severity = target.severity,
      source = target.source, code = wanted, data = lsp and lsp.data }
    local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = range,
      context = { diagnostics = { sent } } }
    local res = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 10000)
    local actions = assert(res and res[client.id] and res[client.id].result, "no code actions")
    local chosen
    for _, a in ipairs(actions) do
      say("action=" .. a.title .. (a.isPreferred and " (preferred)" or ""))
      if a.isPreferred and chosen == nil then chosen = a end
    end
    assert(chosen, "no preferred action")
    vim.lsp.util.apply_workspace_edit(chosen.edit, client.offset_encoding)
    vim.cmd("write")
    assert(vim.wait(30000, function()
      for _, d in ipairs(ours()) do
        local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
        if code == wanted then return false end
      end
      return true
    end, 50), "the fixed finding is still reported")
    say("fixed")
    say("root=" .. tostring(client.config.root_dir))
  end)
  if ok then say("OK"); finish(0) else say("ERROR " .. tostring(err)); finish(3) end
end })
