const app = document.getElementById('app')!;
app.textContent = 'Hearth console';
