// The page main shows after a failed load or a renderer crash (src/main/windows/mainWindow.ts).
// Plain script, no framework: it must work even when the app's own bundle is what failed.
;(function () {
  var params = new URLSearchParams(location.search)
  var reason = params.get('reason')
  var detail = params.get('detail') || ''
  if (reason === 'crash') {
    document.getElementById('title').textContent = 'Gen Studio’s window stopped working'
    document.getElementById('what').textContent =
      'The part of the app that draws this window stopped unexpectedly (' + detail + ').'
  } else if (reason === 'load') {
    document.getElementById('title').textContent = 'Gen Studio could not load its window'
    document.getElementById('what').textContent = 'Loading the app failed: ' + detail + '.'
  }
  var button = document.getElementById('reload')
  button.addEventListener('click', function () {
    button.disabled = true
    button.textContent = 'Reloading…'
    if (window.api && window.api.app && window.api.app.reload) window.api.app.reload({})
    else location.reload()
  })
  button.focus()
})()
